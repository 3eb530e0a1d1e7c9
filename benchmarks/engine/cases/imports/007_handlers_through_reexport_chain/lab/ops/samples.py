SAMPLES: dict[str, str] = {}


def list_samples() -> list[str]:
    return sorted(SAMPLES)


def label_sample(sample_id: str, label: str) -> None:
    SAMPLES[sample_id] = label
