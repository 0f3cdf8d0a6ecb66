-- Full-text search over listed skins' names and visible tags (reference/mineskin-api.md §1.6 `filter`).
-- Hand-written: drizzle-kit does not model FTS5 virtual tables. Runs on bun:sqlite and Cloudflare D1.
-- Only listed skins (public, not deleted) have a row, so a search can never leak unlisted or private
-- skins. rowid = skins.id, which keeps search results in keyset (newest first) order.
CREATE VIRTUAL TABLE `skins_fts` USING fts5(name, tags, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `skins_fts_insert` AFTER INSERT ON `skins`
WHEN new.visibility = 'public' AND new.deleted_at IS NULL
BEGIN
  INSERT INTO skins_fts(rowid, name, tags) VALUES (new.id, coalesce(new.name, ''), '');
END;
--> statement-breakpoint
CREATE TRIGGER `skins_fts_update` AFTER UPDATE OF name, visibility, deleted_at ON `skins`
BEGIN
  DELETE FROM skins_fts WHERE rowid = old.id;
  INSERT INTO skins_fts(rowid, name, tags)
    SELECT new.id, coalesce(new.name, ''),
      (SELECT coalesce(group_concat(tag, ' '), '') FROM skin_tags WHERE skin_id = new.id AND visible = 1)
    WHERE new.visibility = 'public' AND new.deleted_at IS NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `skin_tags_fts_insert` AFTER INSERT ON `skin_tags`
WHEN new.visible = 1
BEGIN
  DELETE FROM skins_fts WHERE rowid = new.skin_id;
  INSERT INTO skins_fts(rowid, name, tags)
    SELECT s.id, coalesce(s.name, ''),
      (SELECT coalesce(group_concat(tag, ' '), '') FROM skin_tags WHERE skin_id = s.id AND visible = 1)
    FROM skins s WHERE s.id = new.skin_id AND s.visibility = 'public' AND s.deleted_at IS NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `skin_tags_fts_update` AFTER UPDATE OF visible ON `skin_tags`
WHEN new.visible <> old.visible
BEGIN
  DELETE FROM skins_fts WHERE rowid = new.skin_id;
  INSERT INTO skins_fts(rowid, name, tags)
    SELECT s.id, coalesce(s.name, ''),
      (SELECT coalesce(group_concat(tag, ' '), '') FROM skin_tags WHERE skin_id = s.id AND visible = 1)
    FROM skins s WHERE s.id = new.skin_id AND s.visibility = 'public' AND s.deleted_at IS NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `skin_tags_fts_delete` AFTER DELETE ON `skin_tags`
WHEN old.visible = 1
BEGIN
  DELETE FROM skins_fts WHERE rowid = old.skin_id;
  INSERT INTO skins_fts(rowid, name, tags)
    SELECT s.id, coalesce(s.name, ''),
      (SELECT coalesce(group_concat(tag, ' '), '') FROM skin_tags WHERE skin_id = s.id AND visible = 1)
    FROM skins s WHERE s.id = old.skin_id AND s.visibility = 'public' AND s.deleted_at IS NULL;
END;
