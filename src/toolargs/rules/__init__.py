"""Rules judge the module model; each family lives in its own module.

A rule is a small function `(tool, context) -> findings` (or `(context) -> findings` for
module-level rules). Rules never walk the tree: everything they need is in the model.
"""

from __future__ import annotations

from toolargs.behaviour import assign_behaviours
from toolargs.config import Config
from toolargs.model import Finding, ModuleModel
from toolargs.rules import (
    classification,
    enforced,
    frameworks,
    known_args,
    limits,
    mutation,
    read_only,
)
from toolargs.rules.base import Context, ModuleRule, ToolRule

TOOL_RULES: tuple[ToolRule, ...] = (
    *read_only.RULES,
    *mutation.RULES,
    *known_args.RULES,
    *classification.RULES,
    *frameworks.RULES,
    *limits.RULES,
)
MODULE_RULES: tuple[ModuleRule, ...] = (
    *frameworks.MODULE_RULES, *enforced.MODULE_RULES, *limits.MODULE_RULES
)


def judge(model: ModuleModel, config: Config) -> list[Finding]:
    assign_behaviours(model)  # what happens to an unknown key: rules judge from it
    context = Context(config, model)
    findings: list[Finding] = []
    # Tools whose per-handler findings TAV505 reports once, at their low-level server.
    folded = {
        id(tool) for server in model.servers for tool in frameworks.unpoliced(server, context)
    }
    for tool in model.tools:
        for rule in TOOL_RULES:
            findings.extend(
                finding for finding in rule(tool, context)
                if id(tool) not in folded or finding.code not in frameworks.FOLDED_AT_SERVER
            )  # fmt: skip
    for module_rule in MODULE_RULES:
        findings.extend(module_rule(context))
    return findings
