import sys

from cli_app.plugins import plugins


def main() -> None:
    command, *args = sys.argv[1:]
    print(plugins.commands[command](*args))
