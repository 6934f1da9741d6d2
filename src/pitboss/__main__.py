"""``python -m pitboss`` runs the command line."""

from pitboss.cli import main

main()
