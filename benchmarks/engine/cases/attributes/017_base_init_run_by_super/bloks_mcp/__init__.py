from .tools import create_server


def main() -> None:
    create_server().run()
