from gamebook.cli.entry import main

raise SystemExit(main())
