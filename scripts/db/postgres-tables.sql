-- The test tables of scripts/db/postgres.sh, loaded once into a new cluster as postgres.
-- Every value is made by the server from a fixed seed, so each run has the same rows.
CREATE ROLE sightline LOGIN PASSWORD 'sightline-test';
SELECT :'me' <> 'postgres' AS other_user \gset
\if :other_user
CREATE ROLE :"me" LOGIN CREATEDB;
\endif
CREATE DATABASE sightline_test OWNER sightline;
\c sightline_test
SET ROLE sightline;
SELECT setseed(0.26);

-- Instants with two numeric series (NULLs every 97th and 89th row), a numeric and text.
CREATE TABLE readings (ts timestamptz NOT NULL, temp double precision, hum real, pressure numeric(8, 2), label text);
INSERT INTO readings
SELECT timestamptz '2024-01-01 00:00:00+00' + i * interval '1 minute',
       CASE WHEN i % 97 = 5 THEN NULL ELSE 20 + 5 * sin(i / 300.0) + random() END,
       CASE WHEN i % 89 = 7 THEN NULL ELSE 50 + 10 * cos(i / 500.0) END,
       1000 + (i % 40),
       'row ' || i
FROM generate_series(0, 4999) AS i;
CREATE INDEX readings_ts ON readings (ts);
CREATE VIEW readings_view AS SELECT ts, temp FROM readings WHERE temp IS NOT NULL;

-- Integer x.
CREATE TABLE counters (n bigint NOT NULL, v integer, w smallint);
INSERT INTO counters SELECT i * 10, (i * 7919) % 1000, i % 100 FROM generate_series(1, 3000) AS i;
CREATE INDEX counters_n ON counters (n);

-- Wall-clock timestamps (read as UTC) and dates.
CREATE TABLE local_times (t timestamp NOT NULL, v double precision);
INSERT INTO local_times SELECT timestamp '2023-06-01 12:00' + i * interval '1 hour', i * 0.5 FROM generate_series(0, 999) AS i;
CREATE INDEX local_times_t ON local_times (t);
CREATE TABLE days (d date NOT NULL, v double precision);
INSERT INTO days SELECT date '2020-01-01' + i, sqrt(i) FROM generate_series(0, 399) AS i;

-- No index on x (a full scan per question), and rows stored out of x order.
CREATE TABLE unindexed (x double precision, y double precision);
INSERT INTO unindexed SELECT i, random() FROM generate_series(1, 2000) AS i;
CREATE TABLE unordered (x double precision, y double precision);
INSERT INTO unordered SELECT i, i % 13 FROM generate_series(1, 2000) AS i ORDER BY random();
CREATE INDEX unordered_x ON unordered (x);

-- The M4 property tests: duplicate x, tied y, NULL runs, a real and a numeric series.
CREATE TABLE m4cases (x double precision, y1 double precision, y2 real, y3 numeric);
INSERT INTO m4cases
SELECT round((random() * 100000)::numeric, 1)::float8,
       CASE WHEN random() < 0.03 THEN NULL ELSE round((random() * 20)::numeric)::float8 END,
       CASE WHEN (i / 50) % 11 = 3 THEN NULL ELSE (random() * 1000)::real END,
       round((random() * 100)::numeric, 3)
FROM generate_series(1, 30000) AS i;
CREATE INDEX m4cases_x ON m4cases (x);

-- Only text beside x: nothing to chart.
CREATE TABLE notes (ts timestamptz, note text);
INSERT INTO notes VALUES (now(), 'hello');

-- Rows that --follow sees arrive (the tests insert into it).
CREATE TABLE growing (x bigint NOT NULL, v double precision);
INSERT INTO growing SELECT i, i * 2 FROM generate_series(1, 100) AS i;
CREATE INDEX growing_x ON growing (x);

GRANT SELECT ON ALL TABLES IN SCHEMA public TO PUBLIC;
GRANT INSERT ON growing TO PUBLIC;
RESET ROLE;
ANALYZE;
