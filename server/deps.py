"""FastAPI dependencies: settings and the process-wide pipeline."""
from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from answering.pipeline import Pipeline
from .settings import Settings, get_settings


def get_pipeline(request: Request) -> Pipeline:
    """The pipeline loaded at start-up (app.state.pipeline)."""
    return request.app.state.pipeline


SettingsDep = Annotated[Settings, Depends(get_settings)]
PipelineDep = Annotated[Pipeline, Depends(get_pipeline)]
