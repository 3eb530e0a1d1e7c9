from .registry import register_tool


@register_tool("ops_host_status", "host")
def host_status() -> str:
    return "host_status"


@register_tool("ops_host_uptime", "host")
def host_uptime() -> str:
    return "host_uptime"


@register_tool("ops_disk_usage", "host")
def disk_usage() -> str:
    return "disk_usage"


@register_tool("ops_disk_inodes", "host")
def disk_inodes() -> str:
    return "disk_inodes"


@register_tool("ops_memory_usage", "host")
def memory_usage() -> str:
    return "memory_usage"


@register_tool("ops_swap_usage", "host")
def swap_usage() -> str:
    return "swap_usage"


@register_tool("ops_load_average", "host")
def load_average() -> str:
    return "load_average"


@register_tool("ops_process_count", "host")
def process_count() -> str:
    return "process_count"


@register_tool("ops_open_ports", "host")
def open_ports() -> str:
    return "open_ports"


@register_tool("ops_kernel_version", "host")
def kernel_version() -> str:
    return "kernel_version"


@register_tool("ops_boot_time", "host")
def boot_time() -> str:
    return "boot_time"


@register_tool("ops_logged_in_users", "host")
def logged_in_users() -> str:
    return "logged_in_users"
