"""Answering where players already chat: Discord's interactions endpoint and LINE's Messaging API webhook.

Both platforms sign every request; `discord` and `line` check the signatures and turn events into
questions, and `common` turns an answer into a chat reply, keeps each chat's last question for
follow-ups and counts per-user and per-group limits.
"""
