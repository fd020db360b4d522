import { describe, expect, it } from "vitest";
import { StatementNames } from "./preparedStatements";

describe("prepared statement names", () => {
  it("name each data statement once and give the same text the same name", () => {
    const names = new StatementNames();
    const select = 'select "id" from "users" where "id" = $1';
    expect(names.nameOf(select)).toBe("q1");
    expect(names.nameOf('update "users" set "status" = $1')).toBe("q2");
    expect(names.nameOf(select)).toBe("q1");
    expect(names.nameOf('with "x" as (select 1) insert into "t" select * from "x"')).toBe("q3");
    expect(names.nameOf('delete from "sessions" where "id" = $1')).toBe("q4");
  });

  it("leave schema changes and anything past the limit unprepared", () => {
    const names = new StatementNames(2);
    expect(names.nameOf('create table "t" ("id" integer)')).toBeUndefined();
    expect(names.nameOf('alter table "t" add column "x" text')).toBeUndefined();
    expect(names.nameOf("select 1")).toBe("q1");
    expect(names.nameOf("select 2")).toBe("q2");
    expect(names.nameOf("select 3")).toBeUndefined();
    expect(names.nameOf("select 1")).toBe("q1");
  });
});
