"""The browser version: its build, its checks, and the game driven in headless Chromium."""
