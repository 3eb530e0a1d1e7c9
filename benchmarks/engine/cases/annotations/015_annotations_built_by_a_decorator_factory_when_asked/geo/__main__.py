from geo.app import geo
import geo.tools  # noqa: F401

if __name__ == "__main__":
    geo.run()
