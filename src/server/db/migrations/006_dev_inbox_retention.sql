-- Dev inbox rows are deleted a day after they were sent (DEV_INBOX_RETENTION_MS); this index keeps that delete, run
-- on every insert, from reading the whole table.
create index dev_messages_created_at_idx on dev_messages (created_at);
