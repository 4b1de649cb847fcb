/**
 * Shell integration: the bash, zsh and fish scripts shipped as resources ({@link
 * dev.holdfast.terminal.shell.ShellIntegrationScripts} installs them, {@link
 * dev.holdfast.terminal.shell.ShellIntegration} changes a shell's start so it loads them while still reading the
 * user's own startup files), and what their marks tell about a terminal: {@link
 * dev.holdfast.terminal.shell.PromptMarks} keeps each terminal's prompt rows (for "jump to the previous / next
 * prompt") and publishes its {@link dev.holdfast.terminal.shell.ShellStatus}: phase, last commands with exit
 * status and duration, working directory. The marks themselves are parsed in front of the emulator
 * ({@code stream.ShellMarks}).
 */
package dev.holdfast.terminal.shell;
