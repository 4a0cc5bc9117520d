"""The app served by uvicorn in test_rulings_durability.py (settings from ARBITER_* env).

The answering pipeline is replaced by a stand-in so the server starts in about a second: the
durability test exercises only the rulings endpoints, with every middleware of the real app.
"""
from server.app import create_app
from server.settings import Settings

app = create_app(Settings(), pipeline=object())
