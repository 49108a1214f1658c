from parlour.cli import main

raise SystemExit(main())
