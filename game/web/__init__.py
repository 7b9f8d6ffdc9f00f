"""The browser bridge: small scripts in the page, polled by the frame loop (``bridge``), and
the launch parameters of the page or the command line (``params``).  A no-op natively."""
