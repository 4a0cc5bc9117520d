"""Answering pipeline, FastAPI app, chat page and widget, CLI."""
