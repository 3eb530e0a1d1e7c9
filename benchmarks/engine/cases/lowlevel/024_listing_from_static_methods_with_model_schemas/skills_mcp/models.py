from pydantic import BaseModel, ConfigDict, Field


class SkillInput(BaseModel):
    skill_name: str
    include_content: bool = False


class RunInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    script_path: str
    timeout_seconds: int = Field(30, alias="timeout")
