class Store:
    def search(self, query, fuzzy=False):
        return []
