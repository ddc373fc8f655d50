-- An inbound reply+ address names its conversation, not its workspace (the MAC is checked against the
-- workspace the conversation belongs to), so routing looks a conversation up by id alone: without this
-- index that is a scan of every workspace's conversations (issue 18). ULIDs are unique across workspaces.
create index conversations_id_idx on conversations (id);
