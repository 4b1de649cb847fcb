package dev.holdfast.app;

import java.util.List;

/** What the command line asked for. */
record LaunchOptions(boolean version, boolean help, boolean noRestore, List<String> unknown) {

    static LaunchOptions parse(String[] args) {
        boolean version = false;
        boolean help = false;
        boolean noRestore = false;
        List<String> unknown = new java.util.ArrayList<>();
        for (String arg : args) {
            switch (arg) {
                case "--version", "-V" -> version = true;
                case "--help", "-h" -> help = true;
                case "--no-restore" -> noRestore = true;
                default -> unknown.add(arg);
            }
        }
        return new LaunchOptions(version, help, noRestore, List.copyOf(unknown));
    }

    static final String USAGE = """
            Usage: holdfast [--no-restore] [--version] [--help]
              --no-restore  start with one fresh tab and leave the saved session alone
              --version     print the version and exit
            """;
}
