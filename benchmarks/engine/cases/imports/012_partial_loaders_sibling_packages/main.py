import sys
from functools import partial
from importlib import import_module

from core.server import server

SERVICES = {
    "mail": "mail.tools",
    "calendar": "calendar.tools",
}


def main() -> None:
    loaders = {service: partial(import_module, module) for service, module in SERVICES.items()}
    wanted = sys.argv[1:] or list(loaders)
    for service in wanted:
        loaders[service]()
    server.run()
