from .solve import create

server = create(None)

if __name__ == "__main__":
    server.run()
