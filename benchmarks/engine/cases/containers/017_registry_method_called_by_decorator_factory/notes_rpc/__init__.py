from . import notes, tags
