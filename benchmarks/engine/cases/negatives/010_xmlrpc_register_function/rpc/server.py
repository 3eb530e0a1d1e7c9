from xmlrpc.server import SimpleXMLRPCServer


def add(a: int, b: int) -> int:
    return a + b


server = SimpleXMLRPCServer(("localhost", 8000))
server.register_function(add, "add")

if __name__ == "__main__":
    server.serve_forever()
