-- pgbench's side of bench/database_live.sh: db-for-update's cycle, statement for statement
-- (backends/api/sql_statements.cpp), on the tables the script makes in the schema `bench`.
BEGIN;
SELECT stock, version FROM bench.inventory WHERE id = 1 FOR UPDATE;
SELECT stock, version FROM bench.inventory WHERE id = 1;
UPDATE bench.inventory SET stock = 1 WHERE id = 1;
COMMIT;
