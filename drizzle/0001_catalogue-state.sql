CREATE TABLE `catalogue_state` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`epoch` text NOT NULL
);
