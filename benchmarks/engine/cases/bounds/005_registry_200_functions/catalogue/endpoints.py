"""Generated from the service catalogue."""


def endpoint_001(item_id: str) -> dict:
    return {"endpoint": 1, "item": item_id}


def endpoint_002(item_id: str) -> dict:
    return {"endpoint": 2, "item": item_id}


def endpoint_003(item_id: str) -> dict:
    return {"endpoint": 3, "item": item_id}


def endpoint_004(item_id: str) -> dict:
    return {"endpoint": 4, "item": item_id}


def endpoint_005(item_id: str) -> dict:
    return {"endpoint": 5, "item": item_id}


def endpoint_006(item_id: str) -> dict:
    return {"endpoint": 6, "item": item_id}


def endpoint_007(item_id: str) -> dict:
    return {"endpoint": 7, "item": item_id}


def endpoint_008(item_id: str) -> dict:
    return {"endpoint": 8, "item": item_id}


def endpoint_009(item_id: str) -> dict:
    return {"endpoint": 9, "item": item_id}


def endpoint_010(item_id: str) -> dict:
    return {"endpoint": 10, "item": item_id}


def endpoint_011(item_id: str) -> dict:
    return {"endpoint": 11, "item": item_id}


def endpoint_012(item_id: str) -> dict:
    return {"endpoint": 12, "item": item_id}


def endpoint_013(item_id: str) -> dict:
    return {"endpoint": 13, "item": item_id}


def endpoint_014(item_id: str) -> dict:
    return {"endpoint": 14, "item": item_id}


def endpoint_015(item_id: str) -> dict:
    return {"endpoint": 15, "item": item_id}


def endpoint_016(item_id: str) -> dict:
    return {"endpoint": 16, "item": item_id}


def endpoint_017(item_id: str) -> dict:
    return {"endpoint": 17, "item": item_id}


def endpoint_018(item_id: str) -> dict:
    return {"endpoint": 18, "item": item_id}


def endpoint_019(item_id: str) -> dict:
    return {"endpoint": 19, "item": item_id}


def endpoint_020(item_id: str) -> dict:
    return {"endpoint": 20, "item": item_id}


def endpoint_021(item_id: str) -> dict:
    return {"endpoint": 21, "item": item_id}


def endpoint_022(item_id: str) -> dict:
    return {"endpoint": 22, "item": item_id}


def endpoint_023(item_id: str) -> dict:
    return {"endpoint": 23, "item": item_id}


def endpoint_024(item_id: str) -> dict:
    return {"endpoint": 24, "item": item_id}


def endpoint_025(item_id: str) -> dict:
    return {"endpoint": 25, "item": item_id}


def endpoint_026(item_id: str) -> dict:
    return {"endpoint": 26, "item": item_id}


def endpoint_027(item_id: str) -> dict:
    return {"endpoint": 27, "item": item_id}


def endpoint_028(item_id: str) -> dict:
    return {"endpoint": 28, "item": item_id}


def endpoint_029(item_id: str) -> dict:
    return {"endpoint": 29, "item": item_id}


def endpoint_030(item_id: str) -> dict:
    return {"endpoint": 30, "item": item_id}


def endpoint_031(item_id: str) -> dict:
    return {"endpoint": 31, "item": item_id}


def endpoint_032(item_id: str) -> dict:
    return {"endpoint": 32, "item": item_id}


def endpoint_033(item_id: str) -> dict:
    return {"endpoint": 33, "item": item_id}


def endpoint_034(item_id: str) -> dict:
    return {"endpoint": 34, "item": item_id}


def endpoint_035(item_id: str) -> dict:
    return {"endpoint": 35, "item": item_id}


def endpoint_036(item_id: str) -> dict:
    return {"endpoint": 36, "item": item_id}


def endpoint_037(item_id: str) -> dict:
    return {"endpoint": 37, "item": item_id}


def endpoint_038(item_id: str) -> dict:
    return {"endpoint": 38, "item": item_id}


def endpoint_039(item_id: str) -> dict:
    return {"endpoint": 39, "item": item_id}


def endpoint_040(item_id: str) -> dict:
    return {"endpoint": 40, "item": item_id}


def endpoint_041(item_id: str) -> dict:
    return {"endpoint": 41, "item": item_id}


def endpoint_042(item_id: str) -> dict:
    return {"endpoint": 42, "item": item_id}


def endpoint_043(item_id: str) -> dict:
    return {"endpoint": 43, "item": item_id}


def endpoint_044(item_id: str) -> dict:
    return {"endpoint": 44, "item": item_id}


def endpoint_045(item_id: str) -> dict:
    return {"endpoint": 45, "item": item_id}


def endpoint_046(item_id: str) -> dict:
    return {"endpoint": 46, "item": item_id}


def endpoint_047(item_id: str) -> dict:
    return {"endpoint": 47, "item": item_id}


def endpoint_048(item_id: str) -> dict:
    return {"endpoint": 48, "item": item_id}


def endpoint_049(item_id: str) -> dict:
    return {"endpoint": 49, "item": item_id}


def endpoint_050(item_id: str) -> dict:
    return {"endpoint": 50, "item": item_id}


def endpoint_051(item_id: str) -> dict:
    return {"endpoint": 51, "item": item_id}


def endpoint_052(item_id: str) -> dict:
    return {"endpoint": 52, "item": item_id}


def endpoint_053(item_id: str) -> dict:
    return {"endpoint": 53, "item": item_id}


def endpoint_054(item_id: str) -> dict:
    return {"endpoint": 54, "item": item_id}


def endpoint_055(item_id: str) -> dict:
    return {"endpoint": 55, "item": item_id}


def endpoint_056(item_id: str) -> dict:
    return {"endpoint": 56, "item": item_id}


def endpoint_057(item_id: str) -> dict:
    return {"endpoint": 57, "item": item_id}


def endpoint_058(item_id: str) -> dict:
    return {"endpoint": 58, "item": item_id}


def endpoint_059(item_id: str) -> dict:
    return {"endpoint": 59, "item": item_id}


def endpoint_060(item_id: str) -> dict:
    return {"endpoint": 60, "item": item_id}


def endpoint_061(item_id: str) -> dict:
    return {"endpoint": 61, "item": item_id}


def endpoint_062(item_id: str) -> dict:
    return {"endpoint": 62, "item": item_id}


def endpoint_063(item_id: str) -> dict:
    return {"endpoint": 63, "item": item_id}


def endpoint_064(item_id: str) -> dict:
    return {"endpoint": 64, "item": item_id}


def endpoint_065(item_id: str) -> dict:
    return {"endpoint": 65, "item": item_id}


def endpoint_066(item_id: str) -> dict:
    return {"endpoint": 66, "item": item_id}


def endpoint_067(item_id: str) -> dict:
    return {"endpoint": 67, "item": item_id}


def endpoint_068(item_id: str) -> dict:
    return {"endpoint": 68, "item": item_id}


def endpoint_069(item_id: str) -> dict:
    return {"endpoint": 69, "item": item_id}


def endpoint_070(item_id: str) -> dict:
    return {"endpoint": 70, "item": item_id}


def endpoint_071(item_id: str) -> dict:
    return {"endpoint": 71, "item": item_id}


def endpoint_072(item_id: str) -> dict:
    return {"endpoint": 72, "item": item_id}


def endpoint_073(item_id: str) -> dict:
    return {"endpoint": 73, "item": item_id}


def endpoint_074(item_id: str) -> dict:
    return {"endpoint": 74, "item": item_id}


def endpoint_075(item_id: str) -> dict:
    return {"endpoint": 75, "item": item_id}


def endpoint_076(item_id: str) -> dict:
    return {"endpoint": 76, "item": item_id}


def endpoint_077(item_id: str) -> dict:
    return {"endpoint": 77, "item": item_id}


def endpoint_078(item_id: str) -> dict:
    return {"endpoint": 78, "item": item_id}


def endpoint_079(item_id: str) -> dict:
    return {"endpoint": 79, "item": item_id}


def endpoint_080(item_id: str) -> dict:
    return {"endpoint": 80, "item": item_id}


def endpoint_081(item_id: str) -> dict:
    return {"endpoint": 81, "item": item_id}


def endpoint_082(item_id: str) -> dict:
    return {"endpoint": 82, "item": item_id}


def endpoint_083(item_id: str) -> dict:
    return {"endpoint": 83, "item": item_id}


def endpoint_084(item_id: str) -> dict:
    return {"endpoint": 84, "item": item_id}


def endpoint_085(item_id: str) -> dict:
    return {"endpoint": 85, "item": item_id}


def endpoint_086(item_id: str) -> dict:
    return {"endpoint": 86, "item": item_id}


def endpoint_087(item_id: str) -> dict:
    return {"endpoint": 87, "item": item_id}


def endpoint_088(item_id: str) -> dict:
    return {"endpoint": 88, "item": item_id}


def endpoint_089(item_id: str) -> dict:
    return {"endpoint": 89, "item": item_id}


def endpoint_090(item_id: str) -> dict:
    return {"endpoint": 90, "item": item_id}


def endpoint_091(item_id: str) -> dict:
    return {"endpoint": 91, "item": item_id}


def endpoint_092(item_id: str) -> dict:
    return {"endpoint": 92, "item": item_id}


def endpoint_093(item_id: str) -> dict:
    return {"endpoint": 93, "item": item_id}


def endpoint_094(item_id: str) -> dict:
    return {"endpoint": 94, "item": item_id}


def endpoint_095(item_id: str) -> dict:
    return {"endpoint": 95, "item": item_id}


def endpoint_096(item_id: str) -> dict:
    return {"endpoint": 96, "item": item_id}


def endpoint_097(item_id: str) -> dict:
    return {"endpoint": 97, "item": item_id}


def endpoint_098(item_id: str) -> dict:
    return {"endpoint": 98, "item": item_id}


def endpoint_099(item_id: str) -> dict:
    return {"endpoint": 99, "item": item_id}


def endpoint_100(item_id: str) -> dict:
    return {"endpoint": 100, "item": item_id}


def endpoint_101(item_id: str) -> dict:
    return {"endpoint": 101, "item": item_id}


def endpoint_102(item_id: str) -> dict:
    return {"endpoint": 102, "item": item_id}


def endpoint_103(item_id: str) -> dict:
    return {"endpoint": 103, "item": item_id}


def endpoint_104(item_id: str) -> dict:
    return {"endpoint": 104, "item": item_id}


def endpoint_105(item_id: str) -> dict:
    return {"endpoint": 105, "item": item_id}


def endpoint_106(item_id: str) -> dict:
    return {"endpoint": 106, "item": item_id}


def endpoint_107(item_id: str) -> dict:
    return {"endpoint": 107, "item": item_id}


def endpoint_108(item_id: str) -> dict:
    return {"endpoint": 108, "item": item_id}


def endpoint_109(item_id: str) -> dict:
    return {"endpoint": 109, "item": item_id}


def endpoint_110(item_id: str) -> dict:
    return {"endpoint": 110, "item": item_id}


def endpoint_111(item_id: str) -> dict:
    return {"endpoint": 111, "item": item_id}


def endpoint_112(item_id: str) -> dict:
    return {"endpoint": 112, "item": item_id}


def endpoint_113(item_id: str) -> dict:
    return {"endpoint": 113, "item": item_id}


def endpoint_114(item_id: str) -> dict:
    return {"endpoint": 114, "item": item_id}


def endpoint_115(item_id: str) -> dict:
    return {"endpoint": 115, "item": item_id}


def endpoint_116(item_id: str) -> dict:
    return {"endpoint": 116, "item": item_id}


def endpoint_117(item_id: str) -> dict:
    return {"endpoint": 117, "item": item_id}


def endpoint_118(item_id: str) -> dict:
    return {"endpoint": 118, "item": item_id}


def endpoint_119(item_id: str) -> dict:
    return {"endpoint": 119, "item": item_id}


def endpoint_120(item_id: str) -> dict:
    return {"endpoint": 120, "item": item_id}


def endpoint_121(item_id: str) -> dict:
    return {"endpoint": 121, "item": item_id}


def endpoint_122(item_id: str) -> dict:
    return {"endpoint": 122, "item": item_id}


def endpoint_123(item_id: str) -> dict:
    return {"endpoint": 123, "item": item_id}


def endpoint_124(item_id: str) -> dict:
    return {"endpoint": 124, "item": item_id}


def endpoint_125(item_id: str) -> dict:
    return {"endpoint": 125, "item": item_id}


def endpoint_126(item_id: str) -> dict:
    return {"endpoint": 126, "item": item_id}


def endpoint_127(item_id: str) -> dict:
    return {"endpoint": 127, "item": item_id}


def endpoint_128(item_id: str) -> dict:
    return {"endpoint": 128, "item": item_id}


def endpoint_129(item_id: str) -> dict:
    return {"endpoint": 129, "item": item_id}


def endpoint_130(item_id: str) -> dict:
    return {"endpoint": 130, "item": item_id}


def endpoint_131(item_id: str) -> dict:
    return {"endpoint": 131, "item": item_id}


def endpoint_132(item_id: str) -> dict:
    return {"endpoint": 132, "item": item_id}


def endpoint_133(item_id: str) -> dict:
    return {"endpoint": 133, "item": item_id}


def endpoint_134(item_id: str) -> dict:
    return {"endpoint": 134, "item": item_id}


def endpoint_135(item_id: str) -> dict:
    return {"endpoint": 135, "item": item_id}


def endpoint_136(item_id: str) -> dict:
    return {"endpoint": 136, "item": item_id}


def endpoint_137(item_id: str) -> dict:
    return {"endpoint": 137, "item": item_id}


def endpoint_138(item_id: str) -> dict:
    return {"endpoint": 138, "item": item_id}


def endpoint_139(item_id: str) -> dict:
    return {"endpoint": 139, "item": item_id}


def endpoint_140(item_id: str) -> dict:
    return {"endpoint": 140, "item": item_id}


def endpoint_141(item_id: str) -> dict:
    return {"endpoint": 141, "item": item_id}


def endpoint_142(item_id: str) -> dict:
    return {"endpoint": 142, "item": item_id}


def endpoint_143(item_id: str) -> dict:
    return {"endpoint": 143, "item": item_id}


def endpoint_144(item_id: str) -> dict:
    return {"endpoint": 144, "item": item_id}


def endpoint_145(item_id: str) -> dict:
    return {"endpoint": 145, "item": item_id}


def endpoint_146(item_id: str) -> dict:
    return {"endpoint": 146, "item": item_id}


def endpoint_147(item_id: str) -> dict:
    return {"endpoint": 147, "item": item_id}


def endpoint_148(item_id: str) -> dict:
    return {"endpoint": 148, "item": item_id}


def endpoint_149(item_id: str) -> dict:
    return {"endpoint": 149, "item": item_id}


def endpoint_150(item_id: str) -> dict:
    return {"endpoint": 150, "item": item_id}


def endpoint_151(item_id: str) -> dict:
    return {"endpoint": 151, "item": item_id}


def endpoint_152(item_id: str) -> dict:
    return {"endpoint": 152, "item": item_id}


def endpoint_153(item_id: str) -> dict:
    return {"endpoint": 153, "item": item_id}


def endpoint_154(item_id: str) -> dict:
    return {"endpoint": 154, "item": item_id}


def endpoint_155(item_id: str) -> dict:
    return {"endpoint": 155, "item": item_id}


def endpoint_156(item_id: str) -> dict:
    return {"endpoint": 156, "item": item_id}


def endpoint_157(item_id: str) -> dict:
    return {"endpoint": 157, "item": item_id}


def endpoint_158(item_id: str) -> dict:
    return {"endpoint": 158, "item": item_id}


def endpoint_159(item_id: str) -> dict:
    return {"endpoint": 159, "item": item_id}


def endpoint_160(item_id: str) -> dict:
    return {"endpoint": 160, "item": item_id}


def endpoint_161(item_id: str) -> dict:
    return {"endpoint": 161, "item": item_id}


def endpoint_162(item_id: str) -> dict:
    return {"endpoint": 162, "item": item_id}


def endpoint_163(item_id: str) -> dict:
    return {"endpoint": 163, "item": item_id}


def endpoint_164(item_id: str) -> dict:
    return {"endpoint": 164, "item": item_id}


def endpoint_165(item_id: str) -> dict:
    return {"endpoint": 165, "item": item_id}


def endpoint_166(item_id: str) -> dict:
    return {"endpoint": 166, "item": item_id}


def endpoint_167(item_id: str) -> dict:
    return {"endpoint": 167, "item": item_id}


def endpoint_168(item_id: str) -> dict:
    return {"endpoint": 168, "item": item_id}


def endpoint_169(item_id: str) -> dict:
    return {"endpoint": 169, "item": item_id}


def endpoint_170(item_id: str) -> dict:
    return {"endpoint": 170, "item": item_id}


def endpoint_171(item_id: str) -> dict:
    return {"endpoint": 171, "item": item_id}


def endpoint_172(item_id: str) -> dict:
    return {"endpoint": 172, "item": item_id}


def endpoint_173(item_id: str) -> dict:
    return {"endpoint": 173, "item": item_id}


def endpoint_174(item_id: str) -> dict:
    return {"endpoint": 174, "item": item_id}


def endpoint_175(item_id: str) -> dict:
    return {"endpoint": 175, "item": item_id}


def endpoint_176(item_id: str) -> dict:
    return {"endpoint": 176, "item": item_id}


def endpoint_177(item_id: str) -> dict:
    return {"endpoint": 177, "item": item_id}


def endpoint_178(item_id: str) -> dict:
    return {"endpoint": 178, "item": item_id}


def endpoint_179(item_id: str) -> dict:
    return {"endpoint": 179, "item": item_id}


def endpoint_180(item_id: str) -> dict:
    return {"endpoint": 180, "item": item_id}


def endpoint_181(item_id: str) -> dict:
    return {"endpoint": 181, "item": item_id}


def endpoint_182(item_id: str) -> dict:
    return {"endpoint": 182, "item": item_id}


def endpoint_183(item_id: str) -> dict:
    return {"endpoint": 183, "item": item_id}


def endpoint_184(item_id: str) -> dict:
    return {"endpoint": 184, "item": item_id}


def endpoint_185(item_id: str) -> dict:
    return {"endpoint": 185, "item": item_id}


def endpoint_186(item_id: str) -> dict:
    return {"endpoint": 186, "item": item_id}


def endpoint_187(item_id: str) -> dict:
    return {"endpoint": 187, "item": item_id}


def endpoint_188(item_id: str) -> dict:
    return {"endpoint": 188, "item": item_id}


def endpoint_189(item_id: str) -> dict:
    return {"endpoint": 189, "item": item_id}


def endpoint_190(item_id: str) -> dict:
    return {"endpoint": 190, "item": item_id}


def endpoint_191(item_id: str) -> dict:
    return {"endpoint": 191, "item": item_id}


def endpoint_192(item_id: str) -> dict:
    return {"endpoint": 192, "item": item_id}


def endpoint_193(item_id: str) -> dict:
    return {"endpoint": 193, "item": item_id}


def endpoint_194(item_id: str) -> dict:
    return {"endpoint": 194, "item": item_id}


def endpoint_195(item_id: str) -> dict:
    return {"endpoint": 195, "item": item_id}


def endpoint_196(item_id: str) -> dict:
    return {"endpoint": 196, "item": item_id}


def endpoint_197(item_id: str) -> dict:
    return {"endpoint": 197, "item": item_id}


def endpoint_198(item_id: str) -> dict:
    return {"endpoint": 198, "item": item_id}


def endpoint_199(item_id: str) -> dict:
    return {"endpoint": 199, "item": item_id}


def endpoint_200(item_id: str) -> dict:
    return {"endpoint": 200, "item": item_id}


ENDPOINTS = [
    endpoint_001,
    endpoint_002,
    endpoint_003,
    endpoint_004,
    endpoint_005,
    endpoint_006,
    endpoint_007,
    endpoint_008,
    endpoint_009,
    endpoint_010,
    endpoint_011,
    endpoint_012,
    endpoint_013,
    endpoint_014,
    endpoint_015,
    endpoint_016,
    endpoint_017,
    endpoint_018,
    endpoint_019,
    endpoint_020,
    endpoint_021,
    endpoint_022,
    endpoint_023,
    endpoint_024,
    endpoint_025,
    endpoint_026,
    endpoint_027,
    endpoint_028,
    endpoint_029,
    endpoint_030,
    endpoint_031,
    endpoint_032,
    endpoint_033,
    endpoint_034,
    endpoint_035,
    endpoint_036,
    endpoint_037,
    endpoint_038,
    endpoint_039,
    endpoint_040,
    endpoint_041,
    endpoint_042,
    endpoint_043,
    endpoint_044,
    endpoint_045,
    endpoint_046,
    endpoint_047,
    endpoint_048,
    endpoint_049,
    endpoint_050,
    endpoint_051,
    endpoint_052,
    endpoint_053,
    endpoint_054,
    endpoint_055,
    endpoint_056,
    endpoint_057,
    endpoint_058,
    endpoint_059,
    endpoint_060,
    endpoint_061,
    endpoint_062,
    endpoint_063,
    endpoint_064,
    endpoint_065,
    endpoint_066,
    endpoint_067,
    endpoint_068,
    endpoint_069,
    endpoint_070,
    endpoint_071,
    endpoint_072,
    endpoint_073,
    endpoint_074,
    endpoint_075,
    endpoint_076,
    endpoint_077,
    endpoint_078,
    endpoint_079,
    endpoint_080,
    endpoint_081,
    endpoint_082,
    endpoint_083,
    endpoint_084,
    endpoint_085,
    endpoint_086,
    endpoint_087,
    endpoint_088,
    endpoint_089,
    endpoint_090,
    endpoint_091,
    endpoint_092,
    endpoint_093,
    endpoint_094,
    endpoint_095,
    endpoint_096,
    endpoint_097,
    endpoint_098,
    endpoint_099,
    endpoint_100,
    endpoint_101,
    endpoint_102,
    endpoint_103,
    endpoint_104,
    endpoint_105,
    endpoint_106,
    endpoint_107,
    endpoint_108,
    endpoint_109,
    endpoint_110,
    endpoint_111,
    endpoint_112,
    endpoint_113,
    endpoint_114,
    endpoint_115,
    endpoint_116,
    endpoint_117,
    endpoint_118,
    endpoint_119,
    endpoint_120,
    endpoint_121,
    endpoint_122,
    endpoint_123,
    endpoint_124,
    endpoint_125,
    endpoint_126,
    endpoint_127,
    endpoint_128,
    endpoint_129,
    endpoint_130,
    endpoint_131,
    endpoint_132,
    endpoint_133,
    endpoint_134,
    endpoint_135,
    endpoint_136,
    endpoint_137,
    endpoint_138,
    endpoint_139,
    endpoint_140,
    endpoint_141,
    endpoint_142,
    endpoint_143,
    endpoint_144,
    endpoint_145,
    endpoint_146,
    endpoint_147,
    endpoint_148,
    endpoint_149,
    endpoint_150,
    endpoint_151,
    endpoint_152,
    endpoint_153,
    endpoint_154,
    endpoint_155,
    endpoint_156,
    endpoint_157,
    endpoint_158,
    endpoint_159,
    endpoint_160,
    endpoint_161,
    endpoint_162,
    endpoint_163,
    endpoint_164,
    endpoint_165,
    endpoint_166,
    endpoint_167,
    endpoint_168,
    endpoint_169,
    endpoint_170,
    endpoint_171,
    endpoint_172,
    endpoint_173,
    endpoint_174,
    endpoint_175,
    endpoint_176,
    endpoint_177,
    endpoint_178,
    endpoint_179,
    endpoint_180,
    endpoint_181,
    endpoint_182,
    endpoint_183,
    endpoint_184,
    endpoint_185,
    endpoint_186,
    endpoint_187,
    endpoint_188,
    endpoint_189,
    endpoint_190,
    endpoint_191,
    endpoint_192,
    endpoint_193,
    endpoint_194,
    endpoint_195,
    endpoint_196,
    endpoint_197,
    endpoint_198,
    endpoint_199,
    endpoint_200,
]
