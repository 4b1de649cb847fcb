/**
 * Remote control of a running Holdfast: the control socket, its protocol and the {@code holdfast ctl} client.
 *
 * <p><b>Shape.</b> {@link dev.holdfast.app.control.ControlServer} listens on a Unix-domain socket in the state
 * directory and hands each checked request to a {@link dev.holdfast.app.control.ControlTarget}, which the app
 * implements on top of its window. Nothing in this package touches JavaFX: the target does its own hop to the FX
 * thread and answers with a future, and the server waits for that future on its connection thread with a timeout.
 * {@link dev.holdfast.app.control.CtlMain} is the client's entry point; it loads no JavaFX class, so
 * {@code holdfast ctl} starts as fast as a small JVM.
 *
 * <p><b>Protocol</b> ({@link dev.holdfast.app.control.ControlProtocol}): newline-delimited JSON, version 1.
 * Commands and their arguments are the table in {@link dev.holdfast.app.control.ControlCommand}; error codes are
 * {@link dev.holdfast.app.control.ErrorCode}. Results:
 * <ul>
 *   <li>{@code list}: an array of {@link dev.holdfast.app.control.TabInfo};</li>
 *   <li>{@code new-tab}, {@code select}, {@code close}, {@code send}, {@code clear-scrollback},
 *       {@code reset}:
 *       {@code {"panelId": ...}};</li>
 *   <li>{@code read}: {@code {"panelId": ..., "text": ...}};</li>
 *   <li>{@code conversation}: a {@link dev.holdfast.app.control.ConversationReport};</li>
 *   <li>{@code checkpoint-now}: a {@link dev.holdfast.app.control.CheckpointNowResult};</li>
 *   <li>{@code stats}: the target's map of counters;</li>
 *   <li>{@code quit}: {@code {"quitting": true}};</li>
 *   <li>{@code instance}: {@code {"pid": ..., "socket": ..., "primary": ...}}.</li>
 * </ul>
 *
 * <p><b>Panel ids</b> may be shortened to a unique prefix by any client: the server resolves them (see
 * {@code CommandDispatcher}), so scripts talking to the socket directly get the same convenience as {@code ctl}.
 */
package dev.holdfast.app.control;
