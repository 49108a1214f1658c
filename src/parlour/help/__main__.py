from parlour.help import main

main()
