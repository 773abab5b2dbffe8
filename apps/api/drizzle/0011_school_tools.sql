-- Issue #16 §6, decision 0031: a school's intervals never overlap. Both ends are days of the
-- interval ('[]'), so two intervals sharing a day overlap. The school is compared as a one-value
-- range so that the constraint needs only the GiST range operators built into PostgreSQL (no
-- btree_gist extension, which PGlite would have to load separately). A database whose school
-- already has overlapping intervals stops here with PostgreSQL's own message naming the two rows:
-- change one of them (or delete it), then start again.
ALTER TABLE "semesters" ADD CONSTRAINT "semesters_no_overlap" EXCLUDE USING gist (
  int4range("school_id", "school_id", '[]') WITH &&,
  daterange("start_date", "end_date", '[]') WITH &&
);
