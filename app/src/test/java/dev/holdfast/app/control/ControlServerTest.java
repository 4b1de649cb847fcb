package dev.holdfast.app.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.holdfast.app.control.SocketTestSupport.RawClient;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ControlServerTest {
    private static final ControlSettings FAST = new ControlSettings(ControlSettings.DEFAULT_MAX_REQUEST_BYTES,
            Duration.ofMillis(300), ControlSettings.DEFAULT_MAX_CONNECTIONS, Duration.ofSeconds(2),
            ControlSettings.DEFAULT_IDLE_TIMEOUT);

    private final List<ControlServer> servers = new ArrayList<>();
    private final FakeControlTarget target = new FakeControlTarget();
    private Path directory;
    private Path primary;

    @BeforeEach
    void createStateDirectory() throws IOException {
        directory = SocketTestSupport.shortTempDirectory();
        primary = directory.resolve("control.sock");
    }

    @AfterEach
    void stopServersAndCleanUp() throws IOException {
        servers.forEach(ControlServer::stop);
        SocketTestSupport.deleteRecursively(directory);
    }

    private Path start(ControlTarget target, ControlSettings settings) throws IOException {
        ControlServer server = new ControlServer(primary, target, settings);
        servers.add(server);
        return server.start();
    }

    private Path start() throws IOException {
        return start(target, ControlSettings.defaults());
    }

    private JsonNode call(String request) throws IOException {
        try (RawClient client = new RawClient(primary)) {
            return client.call(request);
        }
    }

    private static void assertError(JsonNode response, String code) {
        assertEquals(1, response.path("v").asInt(), response.toString());
        assertFalse(response.path("ok").asBoolean(true), response.toString());
        assertEquals(code, response.path("error").path("code").asText(), response.toString());
        assertFalse(response.path("error").path("message").asText().isEmpty(), response.toString());
    }

    private static JsonNode assertOk(JsonNode response) {
        assertEquals(1, response.path("v").asInt(), response.toString());
        assertTrue(response.path("ok").asBoolean(), response.toString());
        return response.path("result");
    }

    @Test
    void listAnswersEveryTabWithItsFieldsAndEchoesTheId() throws IOException {
        start();
        JsonNode response = call("{\"v\":1,\"id\":\"req-1\",\"cmd\":\"list\"}");
        assertEquals("req-1", response.path("id").asText());
        JsonNode tabs = assertOk(response);
        assertEquals(3, tabs.size());
        JsonNode second = tabs.get(1);
        assertEquals(FakeControlTarget.SECOND.toString(), second.path("panelId").asText());
        assertEquals("vim notes.md", second.path("title").asText());
        assertEquals("/home/ada/notes", second.path("cwd").asText());
        assertEquals(4343, second.path("shellPid").asLong());
        assertEquals("vim", second.path("foregroundCommand").asText());
        assertFalse(second.path("selected").asBoolean());
        assertTrue(second.path("restored").asBoolean());
        assertTrue(tabs.get(0).path("selected").asBoolean());
        assertTrue(tabs.get(2).path("shellPid").isNull());
    }

    @Test
    void newTabPassesItsDirectoryAndTitleAndAnswersThePanelId() throws IOException {
        start();
        JsonNode result = assertOk(call("{\"v\":1,\"id\":1,\"cmd\":\"new-tab\",\"args\":{\"cwd\":\"" + directory
                + "\",\"title\":\"build\"}}"));
        assertEquals("11111111-2222-4333-8444-555555555555", result.path("panelId").asText());
        assertEquals(List.of("new-tab " + directory + " build"), target.calls);
    }

    @Test
    void newTabRefusesADirectoryThatDoesNotExist() throws IOException {
        start();
        assertError(call("{\"v\":1,\"id\":1,\"cmd\":\"new-tab\",\"args\":{\"cwd\":\"" + directory.resolve("gone")
                + "\"}}"), "bad-request");
        assertError(call("{\"v\":1,\"id\":1,\"cmd\":\"new-tab\",\"args\":{\"cwd\":\"relative/dir\"}}"), "bad-request");
        assertTrue(target.calls.isEmpty(), target.calls.toString());
    }

    @Test
    void selectTakesAUniquePrefixOfThePanelId() throws IOException {
        start();
        JsonNode result = assertOk(call("{\"v\":1,\"id\":1,\"cmd\":\"select\",\"args\":{\"panel\":\"0F8F\"}}"));
        assertEquals(FakeControlTarget.FIRST.toString(), result.path("panelId").asText());
        assertEquals(List.of("list", "select " + FakeControlTarget.FIRST), target.calls);
    }

    @Test
    void aWholePanelIdGoesStraightToTheTarget() throws IOException {
        start();
        assertOk(call("{\"v\":1,\"id\":1,\"cmd\":\"select\",\"args\":{\"panel\":\"" + FakeControlTarget.SECOND
                + "\"}}"));
        assertEquals(List.of("select " + FakeControlTarget.SECOND), target.calls);
    }

    @Test
    void anAmbiguousPrefixIsABadRequestAndAnUnknownOneIsNotFound() throws IOException {
        start();
        assertError(call("{\"v\":1,\"id\":1,\"cmd\":\"select\",\"args\":{\"panel\":\"7c\"}}"), "bad-request");
        assertError(call("{\"v\":1,\"id\":2,\"cmd\":\"select\",\"args\":{\"panel\":\"ffff\"}}"), "not-found");
        assertError(call("{\"v\":1,\"id\":3,\"cmd\":\"select\",\"args\":{\"panel\":\"" + UUID.randomUUID()
                + "\"}}"), "not-found");
        assertEquals(List.of("list", "list"), target.calls.subList(0, 2));
    }

    @Test
    void closeNeedsConfirmationWhileACommandRunsUnlessForced() throws IOException {
        start();
        target.running = Map.of(FakeControlTarget.SECOND, "vim");
        JsonNode refused = call("{\"v\":1,\"id\":1,\"cmd\":\"close\",\"args\":{\"panel\":\"7c9e\"}}");
        assertError(refused, "needs-confirmation");
        assertEquals("needs confirmation: vim running", refused.path("error").path("message").asText());
        assertEquals(3, target.tabs.size());

        assertOk(call("{\"v\":1,\"id\":2,\"cmd\":\"close\",\"args\":{\"panel\":\"7c9e\",\"force\":true}}"));
        assertEquals(2, target.tabs.size());
        assertTrue(target.calls.contains("close " + FakeControlTarget.SECOND + " force"));
    }

    @Test
    void sendTypesTextOrPressesNamedKeys() throws IOException {
        start();
        assertOk(call("{\"v\":1,\"id\":1,\"cmd\":\"send\",\"args\":{\"panel\":\"0f8f\",\"text\":\"echo hé\"}}"));
        assertOk(call("{\"v\":1,\"id\":2,\"cmd\":\"send\",\"args\":{\"panel\":\"0f8f\",\"keys\":[\"Enter\",\"C-c\","
                + "\"Up\"]}}"));
        assertEquals(List.of("list", "send-text " + FakeControlTarget.FIRST + " echo hé",
                "list", "send-keys " + FakeControlTarget.FIRST + " Enter C-c Up"), target.calls);
    }

    @Test
    void sendWithAnUnknownKeySendsNothing() throws IOException {
        start();
        JsonNode response = call("{\"v\":1,\"id\":1,\"cmd\":\"send\",\"args\":{\"panel\":\"0f8f\",\"keys\":[\"Enter\","
                + "\"Hyper-x\"]}}");
        assertError(response, "bad-request");
        assertTrue(response.path("error").path("message").asText().contains("Hyper-x"));
        assertTrue(target.calls.isEmpty(), target.calls.toString());
    }

    @Test
    void sendNeedsExactlyOneOfTextAndKeys() throws IOException {
        start();
        assertError(call("{\"v\":1,\"id\":1,\"cmd\":\"send\",\"args\":{\"panel\":\"0f8f\"}}"), "bad-request");
        assertError(call("{\"v\":1,\"id\":1,\"cmd\":\"send\",\"args\":{\"panel\":\"0f8f\",\"text\":\"x\","
                + "\"keys\":[\"Enter\"]}}"), "bad-request");
        assertTrue(target.calls.isEmpty(), target.calls.toString());
    }

    @Test
    void readPassesItsOptionsAndAnswersTheText() throws IOException {
        start();
        JsonNode plain = assertOk(call("{\"v\":1,\"id\":1,\"cmd\":\"read\",\"args\":{\"panel\":\"0f8f\"}}"));
        assertEquals("screen of bash\n$ ", plain.path("text").asText());
        assertEquals(FakeControlTarget.FIRST.toString(), plain.path("panelId").asText());
        JsonNode all = assertOk(call("{\"v\":1,\"id\":2,\"cmd\":\"read\",\"args\":{\"panel\":\"0f8f\","
                + "\"scrollback\":true,\"lines\":20,\"ansi\":true}}"));
        assertEquals("screen of bash with history, last 20, \u001b[31mred\u001b[0m\n$ ", all.path("text").asText());
        JsonNode rows = assertOk(call("{\"v\":1,\"id\":3,\"cmd\":\"read\",\"args\":{\"panel\":\"0f8f\",\"rows\":true}}"));
        assertEquals("screen of bash, as rows\n$ ", rows.path("text").asText());
    }

    @Test
    void readRefusesArgumentsOfTheWrongKind() throws IOException {
        start();
        assertError(call("{\"v\":1,\"id\":1,\"cmd\":\"read\",\"args\":{\"panel\":\"0f8f\",\"lines\":0}}"),
                "bad-request");
        assertError(call("{\"v\":1,\"id\":1,\"cmd\":\"read\",\"args\":{\"panel\":\"0f8f\",\"lines\":\"5\"}}"),
                "bad-request");
        assertError(call("{\"v\":1,\"id\":1,\"cmd\":\"read\",\"args\":{\"panel\":\"0f8f\",\"ansi\":1}}"),
                "bad-request");
        assertError(call("{\"v\":1,\"id\":1,\"cmd\":\"read\",\"args\":{}}"), "bad-request");
        assertError(call("{\"v\":1,\"id\":1,\"cmd\":\"read\",\"args\":{\"panel\":\"0f8f\",\"colour\":true}}"),
                "bad-request");
        assertError(call("{\"v\":1,\"id\":1,\"cmd\":\"read\",\"args\":[\"0f8f\"]}"), "bad-request");
        assertError(call("{\"v\":1,\"id\":1,\"cmd\":\"read\",\"args\":{\"panel\":\"0f8f\",\"rows\":true,\"ansi\":true}}"),
                "bad-request");
        assertTrue(target.calls.isEmpty(), target.calls.toString());
    }

    @Test
    void conversationTakesAPrefixAndAnswersTheReport() throws IOException {
        target.conversations.put(FakeControlTarget.SECOND, new ConversationReport(FakeControlTarget.SECOND, "codex",
                new ConversationReport.BindingInfo(true, "resume-argument", "019a-thread", "started as codex resume", null),
                "title", null, List.of(new ConversationReport.Turn("user", null, "hello", null, null, null, null, null)),
                0));
        start();
        JsonNode result = assertOk(call("{\"v\":1,\"id\":1,\"cmd\":\"conversation\",\"args\":{\"panel\":\"7c9e\"}}"));
        assertEquals(FakeControlTarget.SECOND.toString(), result.path("panelId").asText());
        assertEquals("resume-argument", result.path("binding").path("source").asText());
        assertEquals("hello", result.path("turns").get(0).path("text").asText());
        assertEquals(List.of("list", "conversation " + FakeControlTarget.SECOND), target.calls);
        assertError(call("{\"v\":1,\"id\":2,\"cmd\":\"conversation\",\"args\":{}}"), "bad-request");
    }

    @Test
    void checkpointNowAnswersTheSummary() throws IOException {
        start();
        JsonNode summary = assertOk(call("{\"v\":1,\"id\":1,\"cmd\":\"checkpoint-now\"}"));
        assertEquals(3, summary.path("terminals").asInt());
        assertEquals(2, summary.path("written").asInt());
        assertEquals(1, summary.path("skipped").asInt());
        assertEquals("completed", summary.path("ending").asText());
        assertEquals(12, summary.path("durationMillis").asLong());
    }

    @Test
    void statsAnswersTheTargetsCounters() throws IOException {
        start();
        JsonNode stats = assertOk(call("{\"v\":1,\"id\":1,\"cmd\":\"stats\",\"args\":{}}"));
        assertEquals(7, stats.path("checkpoints").path("count").asInt());
        assertEquals(50, stats.path("fxStalls").get(0).path("overMillis").asInt());
    }

    @Test
    void quitAsksTheTargetToQuit() throws IOException {
        start();
        assertTrue(assertOk(call("{\"v\":1,\"id\":1,\"cmd\":\"quit\"}")).path("quitting").asBoolean());
        assertEquals(List.of("quit"), target.calls);
    }

    @Test
    void anInstanceThatDoesNotOwnTheStateLeavesThePrimarySocketFreeForTheOwner() throws IOException {
        ControlServer visitor = new ControlServer(primary, target, ControlSettings.defaults(), false);
        servers.add(visitor);

        Path taken = visitor.start();

        assertEquals(directory.resolve("control-" + ProcessHandle.current().pid() + ".sock"), taken);
        assertFalse(Files.exists(primary), "control.sock stays free");
        assertEquals(primary, start(), "the owner, starting after it, still gets control.sock");
    }

    @Test
    void instanceNamesThisProcessAndItsSocket() throws IOException {
        Path socket = start();
        JsonNode instance = assertOk(call("{\"v\":1,\"id\":1,\"cmd\":\"instance\"}"));
        assertEquals(ProcessHandle.current().pid(), instance.path("pid").asLong());
        assertEquals(socket.toString(), instance.path("socket").asText());
        assertTrue(instance.path("primary").asBoolean());
        assertTrue(instance.path("ownsSession").asBoolean(), "a server that may take the primary socket owns its session");
    }

    @Test
    void malformedJsonIsAnsweredAndTheConnectionStaysUsable() throws IOException {
        start();
        try (RawClient client = new RawClient(primary)) {
            JsonNode broken = client.call("{\"v\":1,\"cmd\":");
            assertError(broken, "bad-request");
            assertTrue(broken.path("id").isNull());
            assertError(client.call("[1,2]"), "bad-request");
            assertError(client.call(""), "bad-request");
            assertError(client.call("{\"v\":1,\"id\":1,\"cmd\":\"list\"} trailing"), "bad-request");
            assertError(client.call("{\"v\":1,\"id\":4}"), "bad-request");
            assertOk(client.call("{\"v\":1,\"id\":5,\"cmd\":\"list\"}"));
        }
    }

    @Test
    void invalidUtf8IsABadRequest() throws IOException {
        start();
        try (RawClient client = new RawClient(primary)) {
            byte[] prefix = "{\"v\":1,\"id\":1,\"cmd\":\"".getBytes(StandardCharsets.US_ASCII);
            byte[] line = Arrays.copyOf(prefix, prefix.length + 5);
            System.arraycopy(new byte[] {(byte) 0xff, (byte) 0xfe, '"', '}', '\n'}, 0, line, prefix.length, 5);
            client.channel().write(ByteBuffer.wrap(line));
            assertError(client.readResponse(), "bad-request");
        }
    }

    @Test
    void anUnknownCommandIsAnswered() throws IOException {
        start();
        JsonNode response = call("{\"v\":1,\"id\":9,\"cmd\":\"format-disk\"}");
        assertError(response, "unknown-command");
        assertEquals(9, response.path("id").asInt());
    }

    @Test
    void anotherProtocolVersionIsAnsweredUnsupported() throws IOException {
        start();
        JsonNode response = call("{\"v\":2,\"id\":\"x\",\"cmd\":\"list\"}");
        assertError(response, "unsupported-version");
        assertEquals("x", response.path("id").asText());
        assertError(call("{\"v\":\"1\",\"id\":\"x\",\"cmd\":\"list\"}"), "unsupported-version");
        assertTrue(target.calls.isEmpty());
    }

    @Test
    void severalRequestsInOneWriteAreAnsweredInOrder() throws IOException {
        start();
        try (RawClient client = new RawClient(primary)) {
            client.send("{\"v\":1,\"id\":1,\"cmd\":\"list\"}\r\n{\"v\":1,\"id\":2,\"cmd\":\"nope\"}\n"
                    + "{\"v\":1,\"id\":3,\"cmd\":\"stats\"}\n");
            assertEquals(1, client.readResponse().path("id").asInt());
            assertEquals(2, client.readResponse().path("id").asInt());
            assertEquals(3, client.readResponse().path("id").asInt());
        }
    }

    @Test
    void anOversizedRequestIsRefusedWithoutWaitingForItsEnd() throws Exception {
        start();
        AtomicLong sent = new AtomicLong();
        try (RawClient client = new RawClient(primary)) {
            // The line never ends: a server that buffered until the newline would never answer.
            CompletableFuture<Void> flood = CompletableFuture.runAsync(() -> {
                ByteBuffer chunk = ByteBuffer.allocate(64 * 1024);
                Arrays.fill(chunk.array(), (byte) 'a');
                try {
                    while (true) {
                        chunk.clear();
                        sent.addAndGet(client.channel().write(chunk));
                    }
                } catch (IOException expected) {
                    // The server closed the connection after answering.
                }
            });
            JsonNode response = client.readResponse();
            assertError(response, "too-large");
            assertTrue(response.path("error").path("message").asText().contains("1048576"));
            flood.get(10, TimeUnit.SECONDS);
            assertTrue(client.closedByServer());
            // The server read just past the limit: the kernel's socket buffers hold the rest of what was sent.
            assertTrue(sent.get() < 8L * ControlSettings.DEFAULT_MAX_REQUEST_BYTES, "sent " + sent.get());
        }
        assertOk(call("{\"v\":1,\"id\":1,\"cmd\":\"list\"}"));
    }

    @Test
    void aRequestOfExactlyTheLimitIsRead() throws IOException {
        start(target, new ControlSettings(100, Duration.ofSeconds(5), 4, Duration.ofSeconds(1),
                ControlSettings.DEFAULT_IDLE_TIMEOUT));
        String request = "{\"v\":1,\"id\":1,\"cmd\":\"list\",\"pad\":\"";
        request = request + "x".repeat(100 - request.length() - 2) + "\"}";
        assertEquals(100, request.getBytes(StandardCharsets.UTF_8).length);
        assertOk(call(request));
        assertError(call(request.replace("\"pad\":\"", "\"pad\":\"x")), "too-large");
    }

    @Test
    void aSecondClientIsServedWhileTheFirstStaysConnected() throws IOException {
        start();
        try (RawClient first = new RawClient(primary); RawClient second = new RawClient(primary)) {
            assertOk(first.call("{\"v\":1,\"id\":1,\"cmd\":\"list\"}"));
            first.send("{\"v\":1,\"id\":2,");
            assertOk(second.call("{\"v\":1,\"id\":1,\"cmd\":\"list\"}"));
            assertOk(second.call("{\"v\":1,\"id\":2,\"cmd\":\"stats\"}"));
            first.send("\"cmd\":\"stats\"}\n");
            JsonNode completed = first.readResponse();
            assertEquals(2, completed.path("id").asInt());
            assertEquals(7, assertOk(completed).path("checkpoints").path("count").asInt());
        }
    }

    @Test
    void aClientLeavingMidRequestDoesNotDisturbTheServer() throws IOException {
        start();
        try (RawClient other = new RawClient(primary)) {
            try (RawClient leaving = new RawClient(primary)) {
                leaving.send("{\"v\":1,\"id\":1,\"cmd\":\"li");
            }
            try (RawClient leavingWhileAnswered = new RawClient(primary)) {
                leavingWhileAnswered.send("{\"v\":1,\"id\":1,\"cmd\":\"list\"}\n");
            }
            assertOk(other.call("{\"v\":1,\"id\":1,\"cmd\":\"list\"}"));
        }
        assertOk(call("{\"v\":1,\"id\":1,\"cmd\":\"stats\"}"));
    }

    @Test
    void aCommandThatDoesNotFinishIsAnsweredWithATimeout() throws IOException {
        start(target, FAST);
        target.override = call -> new CompletableFuture<>();
        JsonNode response = call("{\"v\":1,\"id\":1,\"cmd\":\"read\",\"args\":{\"panel\":\"" + FakeControlTarget.FIRST
                + "\"}}");
        assertError(response, "timeout");
        assertTrue(response.path("error").path("message").asText().contains("300 ms"));
        target.override = null;
        assertOk(call("{\"v\":1,\"id\":2,\"cmd\":\"list\"}"));
    }

    @Test
    void aTargetFailureIsAnsweredAsInternal() throws IOException {
        start();
        target.override = call -> CompletableFuture.failedFuture(new IllegalStateException("disk on fire"));
        JsonNode response = call("{\"v\":1,\"id\":1,\"cmd\":\"checkpoint-now\"}");
        assertError(response, "internal");
        assertTrue(response.path("error").path("message").asText().contains("disk on fire"));
    }

    @Test
    void aTargetThatThrowsIsAnsweredAsInternal() throws IOException {
        start();
        target.override = call -> {
            throw new IllegalStateException("bug");
        };
        assertError(call("{\"v\":1,\"id\":1,\"cmd\":\"stats\"}"), "internal");
        target.override = call -> null;
        assertError(call("{\"v\":1,\"id\":1,\"cmd\":\"stats\"}"), "internal");
    }

    @Test
    void aResultJacksonCannotWriteIsAnsweredAsInternal() throws IOException {
        start();
        target.override = call -> CompletableFuture.completedFuture(Map.of("opaque", new Object()));
        assertError(call("{\"v\":1,\"id\":1,\"cmd\":\"stats\"}"), "internal");
        target.override = null;
        assertOk(call("{\"v\":1,\"id\":2,\"cmd\":\"stats\"}"));
    }

    @Test
    void connectionsBeyondTheLimitAreToldTheServerIsBusy() throws IOException {
        start(target, new ControlSettings(1024, Duration.ofSeconds(5), 1, Duration.ofSeconds(1),
                ControlSettings.DEFAULT_IDLE_TIMEOUT));
        try (RawClient first = new RawClient(primary)) {
            assertOk(first.call("{\"v\":1,\"id\":1,\"cmd\":\"list\"}"));
            try (RawClient second = new RawClient(primary)) {
                assertError(second.readResponse(), "busy");
                assertTrue(second.closedByServer());
            }
        }
    }

    @Test
    void theSocketIsOnlyForItsOwnerInAnOwnerOnlyDirectory() throws IOException {
        Path socket = start();
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(socket)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(directory)));
    }

    @Test
    void aStaleSocketIsReplaced() throws IOException {
        SocketTestSupport.leaveStaleSocket(primary);
        assertEquals(ControlSockets.State.STALE, ControlSockets.probe(primary));
        assertEquals(primary, start());
        assertOk(call("{\"v\":1,\"id\":1,\"cmd\":\"list\"}"));
    }

    @Test
    void aLiveSocketIsNotStolenByASecondInstance() throws IOException {
        start();
        FakeControlTarget secondTarget = new FakeControlTarget();
        secondTarget.tabs.remove(2);
        Path second = start(secondTarget, ControlSettings.defaults());
        assertEquals(directory.resolve("control-" + ProcessHandle.current().pid() + ".sock"), second);
        assertEquals(3, assertOk(call("{\"v\":1,\"id\":1,\"cmd\":\"list\"}")).size());
        try (RawClient client = new RawClient(second)) {
            assertEquals(2, assertOk(client.call("{\"v\":1,\"id\":1,\"cmd\":\"list\"}")).size());
            assertFalse(assertOk(client.call("{\"v\":1,\"id\":2,\"cmd\":\"instance\"}")).path("primary").asBoolean());
        }
        servers.get(1).stop();
        assertFalse(Files.exists(second));
        assertTrue(Files.exists(primary));
    }

    @Test
    void aFileThatIsNotASocketIsLeftAlone() throws IOException {
        Files.writeString(primary, "notes");
        IOException refused = assertThrows(IOException.class, this::start);
        assertTrue(refused.getMessage().contains("not a socket"), refused.getMessage());
        assertEquals("notes", Files.readString(primary));
    }

    @Test
    void stopRemovesTheSocketAndEndsEveryThread() throws IOException {
        start();
        try (RawClient idle = new RawClient(primary)) {
            assertOk(idle.call("{\"v\":1,\"id\":1,\"cmd\":\"list\"}"));
            servers.get(0).stop();
            assertTrue(idle.closedByServer());
        }
        assertFalse(Files.exists(primary));
        assertTrue(servers.get(0).socket().isEmpty());
        assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(thread -> thread.getName()
                .startsWith("holdfast-control")), "control threads still alive");
    }

    @Test
    void stopLetsACommandInFlightAnswer() throws Exception {
        start();
        CountDownLatch entered = new CountDownLatch(1);
        CompletableFuture<Void> quitting = new CompletableFuture<>();
        target.override = call -> {
            entered.countDown();
            return quitting;
        };
        try (RawClient client = new RawClient(primary)) {
            client.send("{\"v\":1,\"id\":1,\"cmd\":\"quit\"}\n");
            assertTrue(entered.await(10, TimeUnit.SECONDS));
            // What the app does on quit: stop the server while the quit command is still being answered.
            CompletableFuture<Void> stopped = CompletableFuture.runAsync(servers.get(0)::stop);
            quitting.complete(null);
            assertOk(client.readResponse());
            stopped.get(10, TimeUnit.SECONDS);
        }
        assertFalse(Files.exists(primary));
    }

    private static ControlSettings idleAfter(Duration idle, int maxConnections) {
        return new ControlSettings(ControlSettings.DEFAULT_MAX_REQUEST_BYTES, Duration.ofSeconds(5), maxConnections,
                Duration.ofSeconds(1), idle);
    }

    @Test
    void aConnectionThatSendsNothingIsClosedAfterTheIdleTimeout() throws IOException {
        start(target, idleAfter(Duration.ofMillis(300), ControlSettings.DEFAULT_MAX_CONNECTIONS));
        try (RawClient silent = new RawClient(primary)) {
            // Blocks until the server closes it; the class timeout fails the test if it never does.
            assertTrue(silent.closedByServer());
        }
        assertOk(call("{\"v\":1,\"id\":1,\"cmd\":\"list\"}"));
    }

    @Test
    void silentConnectionsHoldingEverySlotGiveThemBackAfterTheIdleTimeout() throws Exception {
        // Long enough for a slow machine to ask a third time before the silent ones are closed.
        start(target, idleAfter(Duration.ofSeconds(3), 2));
        try (RawClient first = new RawClient(primary); RawClient second = new RawClient(primary)) {
            // Both slots are taken by clients that send nothing: a third is told the server is busy ...
            JsonNode refused = null;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (refused == null && System.nanoTime() < deadline) {
                try (RawClient third = new RawClient(primary)) {
                    JsonNode answer = third.call("{\"v\":1,\"id\":1,\"cmd\":\"list\"}");
                    if (!answer.path("ok").asBoolean()) {
                        refused = answer;
                    }
                } catch (IOException closedFirst) {
                    // The busy answer and the close can come before the request is written: asked again.
                }
            }
            assertError(refused, "busy");
            // ... until the idle ones are closed, and ctl gets in again.
            assertTrue(first.closedByServer());
            assertTrue(second.closedByServer());
            assertOk(callWhenServed("{\"v\":1,\"id\":2,\"cmd\":\"list\"}"));
        }
    }

    /** Calls until the server has a slot (the slots of closed connections are handed back as their threads end). */
    private JsonNode callWhenServed(String request) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            JsonNode answer = call(request);
            if (answer.path("ok").asBoolean() || !"busy".equals(answer.path("error").path("code").asText())
                    || System.nanoTime() > deadline) {
                return answer;
            }
            Thread.sleep(20);
        }
    }

    @Test
    void eightSilentConnectionsDoNotLockCtlOut() throws IOException {
        start();
        List<RawClient> silent = new ArrayList<>();
        try {
            for (int i = 0; i < 8; i++) {
                silent.add(new RawClient(primary));
            }
            assertOk(call("{\"v\":1,\"id\":1,\"cmd\":\"list\"}"));
        } finally {
            for (RawClient client : silent) {
                client.close();
            }
        }
    }

    @Test
    void aClientSendingAByteNowAndThenIsClosedAllTheSame() throws Exception {
        start(target, idleAfter(Duration.ofMillis(400), ControlSettings.DEFAULT_MAX_CONNECTIONS));
        try (RawClient dribbling = new RawClient(primary)) {
            CompletableFuture<Void> drip = CompletableFuture.runAsync(() -> {
                try {
                    while (true) {
                        dribbling.send(" ");
                        Thread.sleep(50);
                    }
                } catch (IOException | InterruptedException closed) {
                    // The server closed the connection.
                }
            });
            drip.get(20, TimeUnit.SECONDS);
            assertTrue(dribbling.closedByServer());
        }
    }

    @Test
    void aCommandSlowerThanTheIdleTimeoutIsStillAnswered() throws IOException {
        start(target, idleAfter(Duration.ofMillis(200), ControlSettings.DEFAULT_MAX_CONNECTIONS));
        target.override = call -> CompletableFuture.supplyAsync(() -> List.of(),
                CompletableFuture.delayedExecutor(800, TimeUnit.MILLISECONDS));
        try (RawClient client = new RawClient(primary)) {
            assertOk(client.call("{\"v\":1,\"id\":1,\"cmd\":\"list\"}"));
            target.override = null;
            // The answer restarted the idle clock: a prompt next request is served on the same connection.
            assertOk(client.call("{\"v\":1,\"id\":2,\"cmd\":\"list\"}"));
        }
    }

    @Test
    void twoHundredConcurrentConnectionsAreAllServedAndLeaveTheSocketPrivate() throws Exception {
        Path socket = start();
        List<RawClient> idle = new ArrayList<>();
        java.util.concurrent.ExecutorService clients = java.util.concurrent.Executors.newFixedThreadPool(100,
                new dev.holdfast.terminal.threads.NamedThreadFactory("test-control-client", true));
        try {
            for (int i = 0; i < 100; i++) {
                idle.add(new RawClient(primary));
            }
            List<CompletableFuture<JsonNode>> answers = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                int id = i;
                answers.add(CompletableFuture.supplyAsync(() -> {
                    try (RawClient client = new RawClient(primary)) {
                        return client.call("{\"v\":1,\"id\":" + id + ",\"cmd\":\"list\"}");
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }, clients));
            }
            for (CompletableFuture<JsonNode> answer : answers) {
                assertEquals(3, assertOk(answer.get(20, TimeUnit.SECONDS)).size());
            }
            assertOk(call("{\"v\":1,\"id\":1,\"cmd\":\"list\"}"));
        } finally {
            clients.shutdownNow();
            for (RawClient client : idle) {
                client.close();
            }
        }
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(socket)));
    }

    @Test
    void aTenMegabyteLineIsRefusedAndTheServerGoesOn() throws Exception {
        Path socket = start();
        try (RawClient client = new RawClient(primary)) {
            CompletableFuture<Void> flood = CompletableFuture.runAsync(() -> {
                byte[] line = new byte[10 * 1024 * 1024];
                Arrays.fill(line, (byte) '{');
                line[line.length - 1] = '\n';
                try {
                    client.channel().write(ByteBuffer.wrap(line));
                } catch (IOException expected) {
                    // Closed by the server once it had answered.
                }
            });
            assertError(client.readResponse(), "too-large");
            flood.get(20, TimeUnit.SECONDS);
        }
        assertOk(call("{\"v\":1,\"id\":1,\"cmd\":\"list\"}"));
        assertError(call("{\"v\":1,\"id\":2,\"cmd\":\"read\",\"args\":{\"panel\":\"" + UUID.randomUUID()
                + "\"}}"), "not-found");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(socket)));
    }

    @Test
    void startRemovesInstanceSocketsNobodyListensOnAndKeepsTheOthers() throws IOException {
        Path dead = directory.resolve("control-999999999.sock");
        Path alsoDead = directory.resolve("control-12.sock");
        SocketTestSupport.leaveStaleSocket(dead);
        SocketTestSupport.leaveStaleSocket(alsoDead);
        Path notASocket = Files.writeString(directory.resolve("control-77.sock"), "notes");
        Path unrelated = directory.resolve("other-5.sock");
        SocketTestSupport.leaveStaleSocket(unrelated);
        try (var live = java.nio.channels.ServerSocketChannel.open(java.net.StandardProtocolFamily.UNIX)) {
            Path liveSocket = directory.resolve("control-4242.sock");
            live.bind(java.net.UnixDomainSocketAddress.of(liveSocket));
            assertEquals(primary, start());
            assertFalse(Files.exists(dead));
            assertFalse(Files.exists(alsoDead));
            assertTrue(Files.exists(liveSocket), "a socket another instance listens on stays");
            assertEquals("notes", Files.readString(notASocket));
            assertTrue(Files.exists(unrelated), "only control-<pid>.sock files are Holdfast's");
        }
    }

    @Test
    void aPeerRunningAsAnotherUserIsRefused() throws Exception {
        Path setpriv = Path.of("/usr/bin/setpriv");
        assumeTrue("root".equals(System.getProperty("user.name")) && Files.isExecutable(setpriv),
                "needs root and setpriv to connect as another user");
        start();
        // Let "nobody" reach the socket through the file modes, so that only the credential check stands.
        Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwx--x--x"));
        Files.setPosixFilePermissions(primary, PosixFilePermissions.fromString("rw-rw-rw-"));
        Path probeDirectory = SocketTestSupport.shortTempDirectory();
        try {
            Files.setPosixFilePermissions(probeDirectory, PosixFilePermissions.fromString("rwxr-xr-x"));
            Path probe = probeDirectory.resolve("Probe.java");
            Files.writeString(probe, """
                    import java.net.UnixDomainSocketAddress;
                    import java.nio.ByteBuffer;
                    import java.nio.channels.SocketChannel;
                    import java.nio.charset.StandardCharsets;
                    public class Probe {
                        public static void main(String[] args) throws Exception {
                            try (SocketChannel c = SocketChannel.open(UnixDomainSocketAddress.of(args[0]))) {
                                try {
                                    c.write(ByteBuffer.wrap("{\\"v\\":1,\\"id\\":1,\\"cmd\\":\\"list\\"}\\n".getBytes()));
                                } catch (java.io.IOException refusedBeforeTheRequest) {
                                    // The server may answer and close before the request is written.
                                }
                                ByteBuffer in = ByteBuffer.allocate(4096);
                                try {
                                    while (c.read(in) >= 0) { }
                                } catch (java.io.IOException resetAfterTheAnswer) {
                                    // The server closed without reading the request.
                                }
                                System.out.print(new String(in.array(), 0, in.position(), StandardCharsets.UTF_8));
                            }
                        }
                    }
                    """);
            Files.setPosixFilePermissions(probe, PosixFilePermissions.fromString("rw-r--r--"));
            String java = ProcessHandle.current().info().command().orElse("java");
            Process process = new ProcessBuilder(setpriv.toString(), "--reuid=65534", "--regid=65534",
                    "--clear-groups", java, probe.toString(), primary.toString())
                    .redirectErrorStream(true).start();
            try {
                // It ends only when the server closes the connection, as it must after refusing.
                assertTrue(process.waitFor(20, TimeUnit.SECONDS), "the server kept the stranger's connection open");
                String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertTrue(output.contains("\"code\":\"forbidden\""), output);
                assertFalse(output.contains("\"ok\":true"), output);
                assertTrue(target.calls.isEmpty(), target.calls.toString());
            } finally {
                process.destroyForcibly();
            }
        } finally {
            SocketTestSupport.deleteRecursively(probeDirectory);
        }
    }
}
