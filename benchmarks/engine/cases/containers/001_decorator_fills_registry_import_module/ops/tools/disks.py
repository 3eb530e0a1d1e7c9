import shutil

from ops.registry import register


@register
def disk_usage(path: str = "/") -> dict:
    total, used, free = shutil.disk_usage(path)
    return {"total": total, "used": used, "free": free}
