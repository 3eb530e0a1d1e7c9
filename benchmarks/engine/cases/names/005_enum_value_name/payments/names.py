from enum import Enum


class ToolName(str, Enum):
    CHARGE = "stripe_charge"
    REFUND = "stripe_refund"
