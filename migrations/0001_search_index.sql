-- Search over courses, products, e-books and editais (GET /search/all_product): an FTS5 index
-- that folds case and accents (unicode61 remove_diacritics 2) with prefix indexes for
-- type-ahead. Triggers keep it in sync; rowids are offset per kind so deletes hit the rowid.
CREATE VIRTUAL TABLE `search_index` USING fts5(
  `name`, `keywords`, `kind` UNINDEXED, `url` UNINDEXED,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
--> statement-breakpoint
CREATE TRIGGER `courses_search_insert` AFTER INSERT ON `courses` WHEN new.is_published = 1 BEGIN
  INSERT INTO search_index(rowid, name, keywords, kind, url) VALUES (new.id, new.name, new.summary, 'curso', '/cursos/' || new.url);
END;
--> statement-breakpoint
CREATE TRIGGER `courses_search_update` AFTER UPDATE ON `courses` BEGIN
  DELETE FROM search_index WHERE rowid = old.id;
  INSERT INTO search_index(rowid, name, keywords, kind, url) SELECT new.id, new.name, new.summary, 'curso', '/cursos/' || new.url WHERE new.is_published = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `courses_search_delete` AFTER DELETE ON `courses` BEGIN
  DELETE FROM search_index WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `products_search_insert` AFTER INSERT ON `products` WHEN new.is_published = 1 BEGIN
  INSERT INTO search_index(rowid, name, keywords, kind, url) VALUES (1000000000 + new.id, new.name, new.description, 'produto', '/produtos/' || new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `products_search_update` AFTER UPDATE ON `products` BEGIN
  DELETE FROM search_index WHERE rowid = 1000000000 + old.id;
  INSERT INTO search_index(rowid, name, keywords, kind, url) SELECT 1000000000 + new.id, new.name, new.description, 'produto', '/produtos/' || new.id WHERE new.is_published = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `products_search_delete` AFTER DELETE ON `products` BEGIN
  DELETE FROM search_index WHERE rowid = 1000000000 + old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `ebooks_search_insert` AFTER INSERT ON `ebooks` BEGIN
  INSERT INTO search_index(rowid, name, keywords, kind, url) VALUES (2000000000 + new.id, new.title, new.description, 'ebook', '/ebooks#ebook-' || new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `ebooks_search_update` AFTER UPDATE ON `ebooks` BEGIN
  DELETE FROM search_index WHERE rowid = 2000000000 + old.id;
  INSERT INTO search_index(rowid, name, keywords, kind, url) VALUES (2000000000 + new.id, new.title, new.description, 'ebook', '/ebooks#ebook-' || new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `ebooks_search_delete` AFTER DELETE ON `ebooks` BEGIN
  DELETE FROM search_index WHERE rowid = 2000000000 + old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `editais_search_insert` AFTER INSERT ON `editais` WHEN new.is_published = 1 BEGIN
  INSERT INTO search_index(rowid, name, keywords, kind, url) VALUES (3000000000 + new.id, new.title, new.summary, 'edital', '/editais/' || new.slug);
END;
--> statement-breakpoint
CREATE TRIGGER `editais_search_update` AFTER UPDATE ON `editais` BEGIN
  DELETE FROM search_index WHERE rowid = 3000000000 + old.id;
  INSERT INTO search_index(rowid, name, keywords, kind, url) SELECT 3000000000 + new.id, new.title, new.summary, 'edital', '/editais/' || new.slug WHERE new.is_published = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `editais_search_delete` AFTER DELETE ON `editais` BEGIN
  DELETE FROM search_index WHERE rowid = 3000000000 + old.id;
END;
--> statement-breakpoint
INSERT INTO search_index(rowid, name, keywords, kind, url)
  SELECT id, name, summary, 'curso', '/cursos/' || url FROM courses WHERE is_published = 1;
--> statement-breakpoint
INSERT INTO search_index(rowid, name, keywords, kind, url)
  SELECT 1000000000 + id, name, description, 'produto', '/produtos/' || id FROM products WHERE is_published = 1;
--> statement-breakpoint
INSERT INTO search_index(rowid, name, keywords, kind, url)
  SELECT 2000000000 + id, title, description, 'ebook', '/ebooks#ebook-' || id FROM ebooks;
--> statement-breakpoint
INSERT INTO search_index(rowid, name, keywords, kind, url)
  SELECT 3000000000 + id, title, summary, 'edital', '/editais/' || slug FROM editais WHERE is_published = 1;
