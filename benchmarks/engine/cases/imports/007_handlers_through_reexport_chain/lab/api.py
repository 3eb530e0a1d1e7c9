from lab.ops import label_sample, list_samples  # re-exported once more

__all__ = ["label_sample", "list_samples"]
