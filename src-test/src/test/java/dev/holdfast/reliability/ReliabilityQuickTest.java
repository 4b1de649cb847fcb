package dev.holdfast.reliability;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The reliability harness's quick subset ({@code src-test/reliability/run --quick}: a few cases of every row)
 * against the built app: no kill -9, damaged file, failing state directory, hostile restore, second instance,
 * socket abuse or load may lose anything. The full run is {@code src-test/reliability/run}, outside the test
 * command.
 */
class ReliabilityQuickTest {

    @Test
    void quickHarnessLosesNothingInAnyRow() throws Exception {
        Path root = Path.of(System.getProperty("user.dir")).getParent();
        assertTrue(Files.isRegularFile(root.resolve("app/target/holdfast-app.jar")), "the app is built before src-test");
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        List<RowResult> rows;
        try (PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8)) {
            rows = ReliabilityHarness.run(HarnessOptions.parse(root, "--quick"), out);
        }
        String table = printed.toString(StandardCharsets.UTF_8);
        System.out.println(table);
        assertTrue(rows.size() == HarnessOptions.ROWS.size(), table);
        for (RowResult row : rows) {
            assertTrue(row.allIntact(), row.row() + " lost something:\n" + table);
        }
    }
}
