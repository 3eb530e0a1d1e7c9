from lab.ops.samples import label_sample, list_samples

__all__ = ["label_sample", "list_samples"]
