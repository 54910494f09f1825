"""``python -m ttr_teach`` is the ``ttr-teach`` command."""
import sys

from .cli import main

sys.exit(main())
