class BaseTool:
    name = ""

    def run(self, **kwargs):
        raise NotImplementedError


class ReadTool(BaseTool):
    pass


class WriteTool(BaseTool):
    pass
