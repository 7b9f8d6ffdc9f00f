"""The window and the page around it: the logical shape every scene lays out in, the
browser page's size, pixel ratio and safe areas, and the picture's render size."""
