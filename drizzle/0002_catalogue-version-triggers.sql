-- Every change to the catalogue bumps catalogue_state.version (worker/lib/catalogue-cache.ts).
INSERT INTO `catalogue_state` (`id`, `version`, `epoch`) VALUES (1, 1, lower(hex(randomblob(8))));
--> statement-breakpoint
CREATE TRIGGER `products_after_insert_bump_catalogue` AFTER INSERT ON `products` BEGIN UPDATE `catalogue_state` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `products_after_update_bump_catalogue` AFTER UPDATE ON `products` BEGIN UPDATE `catalogue_state` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `products_after_delete_bump_catalogue` AFTER DELETE ON `products` BEGIN UPDATE `catalogue_state` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `categories_after_insert_bump_catalogue` AFTER INSERT ON `categories` BEGIN UPDATE `catalogue_state` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `categories_after_update_bump_catalogue` AFTER UPDATE ON `categories` BEGIN UPDATE `catalogue_state` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `categories_after_delete_bump_catalogue` AFTER DELETE ON `categories` BEGIN UPDATE `catalogue_state` SET `version` = `version` + 1 WHERE `id` = 1; END;
