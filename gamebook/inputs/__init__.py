"""Reading what users give us, safely and within limits; writing output folders whole.

- :mod:`~gamebook.inputs.yamlsrc`: the safe YAML loader that keeps source positions
  (``file:line`` in every error), pydantic validation and "did you mean";
- :mod:`~gamebook.inputs.limits`: the input limits (sizes, aliases, nesting, digits);
- :mod:`~gamebook.inputs.files`: reading regular files only, never past the limit; staged
  output folders swapped in with one rename; atomic single files;
- :mod:`~gamebook.inputs.cache`: validated inputs cached by the bytes of their files.

The bottom layer beside :mod:`gamebook.errors`: it knows nothing of cards or rules.
"""
