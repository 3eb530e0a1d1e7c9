from mcp.server.fastmcp import FastMCP

from deep import layers

mcp = FastMCP("deep")


@mcp.tool()
@layers.layer_01
@layers.layer_02
@layers.layer_03
@layers.layer_04
@layers.layer_05
@layers.layer_06
@layers.layer_07
@layers.layer_08
@layers.layer_09
@layers.layer_10
@layers.layer_11
@layers.layer_12
@layers.layer_13
@layers.layer_14
@layers.layer_15
@layers.layer_16
@layers.layer_17
@layers.layer_18
@layers.layer_19
@layers.layer_20
@layers.layer_21
@layers.layer_22
@layers.layer_23
@layers.layer_24
@layers.layer_25
@layers.layer_26
@layers.layer_27
@layers.layer_28
@layers.layer_29
@layers.layer_30
@layers.layer_31
@layers.layer_32
@layers.layer_33
@layers.layer_34
@layers.layer_35
@layers.layer_36
@layers.layer_37
@layers.layer_38
@layers.layer_39
@layers.layer_40
@layers.layer_41
@layers.layer_42
@layers.layer_43
@layers.layer_44
@layers.layer_45
@layers.layer_46
@layers.layer_47
@layers.layer_48
@layers.layer_49
@layers.layer_50
@layers.layer_51
@layers.layer_52
@layers.layer_53
@layers.layer_54
@layers.layer_55
@layers.layer_56
@layers.layer_57
@layers.layer_58
@layers.layer_59
@layers.layer_60
def measure(sample: str) -> int:
    return len(sample)
