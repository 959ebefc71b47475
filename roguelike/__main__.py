from roguelike.cli import main

raise SystemExit(main())
