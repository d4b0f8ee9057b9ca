from gamebook.cli import main

raise SystemExit(main())
