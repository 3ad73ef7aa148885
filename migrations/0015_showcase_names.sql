-- One name per thing (issue 23, item 2): the home page's lists and cards are the showcase.
-- SQLite's RENAME also rewrites the cards' foreign key to the renamed lists.
ALTER TABLE `home_lists` RENAME TO `showcase_lists`;--> statement-breakpoint
ALTER TABLE `home_cards` RENAME TO `showcase_cards`;--> statement-breakpoint
DROP INDEX `home_cards_list_order`;--> statement-breakpoint
CREATE INDEX `showcase_cards_list_order` ON `showcase_cards` (`list_id`,`sort_order`);
