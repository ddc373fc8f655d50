import { productDocs } from '../types';

/** Quillnote: a note-taking app for phone, tablet and desktop. */
export const QUILLNOTE = productDocs('Quillnote', [
  {
    id: 'quillnote-sync-devices',
    title: 'Sync notes across your devices',
    body: `Quillnote keeps your notes the same on every phone, tablet and computer where you are signed in.

## How syncing works

Changes are uploaded a few seconds after you stop typing and appear on your other devices straight away. If you edit the same note on two devices while offline, both versions are kept and the note shows a conflict banner to pick one.

## When notes do not appear

Check that every device is signed in to the same account and has an internet connection. Pull down on the note list to sync now.`,
  },
  {
    id: 'quillnote-recover-deleted',
    title: 'Recover a deleted note',
    body: `Deleted notes go to the Trash first, not away for good.

## Restore from Trash

Open **Trash** in the sidebar, select the note and click **Restore**. It goes back to its original notebook, with its attachments.

## How long notes are kept

Notes stay in the Trash for 30 days and are then removed permanently. Emptying the Trash removes them at once. Paid plans also keep a version history of every note for a year, so you can bring back an older version of a note you changed by mistake.`,
  },
  {
    id: 'quillnote-share-notebook',
    title: 'Share a notebook with others',
    body: `Work on notes together by sharing a whole notebook.

## Invite people

Right-click the notebook, choose **Share** and enter e-mail addresses. Choose whether each person can view, edit, or also invite others.

## Working together

Everyone sees edits as they happen, with the editor's name next to the cursor. Comments can be added to any paragraph. People without a Quillnote account can view a shared notebook through a public link if you turn one on, but cannot edit.`,
  },
  {
    id: 'quillnote-web-clipper',
    title: 'Save web pages with the web clipper',
    body: `The Quillnote web clipper is a browser extension for Chrome, Firefox and Safari.

## Install

Open **Settings**, then **Apps**, and follow the link for your browser. Pin the extension to the toolbar after installing.

## Clip a page

On any page, click the Quillnote icon and choose to save the full article, a simplified version without ads, a screenshot or just your selection. Pick a notebook and add tags before saving. The page's address is kept with the note.`,
  },
  {
    id: 'quillnote-offline-notes',
    title: 'Work offline',
    body: `You can read and write notes without an internet connection.

## Desktop

On computers every note is stored locally, so everything is available offline.

## Phone and tablet

To save space, mobile apps download notes only when opened. Mark a notebook as **Available offline** to keep all its notes on the device. New notes and edits made offline are synced when you reconnect. Offline notebooks on mobile require a paid plan.`,
  },
  {
    id: 'quillnote-export-notes',
    title: 'Export notes to Markdown or PDF',
    body: `Your notes are yours. Export them whenever you want.

## Export a note or notebook

Right-click a note or notebook, choose **Export** and pick Markdown, PDF or HTML. Images and attachments are saved in a folder next to the exported files.

## Export everything

Under **Settings**, then **Account**, click **Export all notes** to get one ZIP file with every notebook in Markdown. Large accounts can take a few minutes; we e-mail you a download link when it is ready.`,
  },
  {
    id: 'quillnote-search-handwriting',
    title: 'Search handwriting and images',
    body: `Quillnote reads the text in pictures and handwritten notes so search finds them.

## What is recognised

Printed text in photos and scanned PDFs, whiteboard pictures, and handwriting drawn with a stylus are all processed after upload. Recognition usually finishes within a minute.

## Searching

Type in the search bar as usual; matches inside images are highlighted with a box. Handwriting recognition supports English, German, French and Spanish.`,
  },
  {
    id: 'quillnote-storage-plans',
    title: 'Storage limits and plans',
    body: `The free plan includes 1 GB of uploads per month and syncs two devices. The Plus plan raises uploads to 20 GB a month and removes the device limit; Pro adds version history and offline notebooks on mobile.

## Check your usage

Open **Settings**, then **Account**, to see how much you have uploaded this month and when the count resets.

## Hitting the limit

When you reach the monthly limit you can still write and edit text notes, but new attachments wait until the next month or until you upgrade.`,
  },
  {
    id: 'quillnote-lock-note',
    title: 'Lock a note with a password',
    body: `Keep private notes private, even on a shared computer.

## Lock a note

Open the note, click the padlock icon and set a note password. The note's content is encrypted on your device before it is synced, and only a title stays visible.

## Unlock

Enter the password to read the note; it locks again when you close it. We cannot recover a forgotten note password, because we never have it. Use the same password for all locked notes to make it easier to remember.`,
  },
  {
    id: 'quillnote-email-to-note',
    title: 'Save e-mails into Quillnote',
    body: `Forward e-mails to your personal Quillnote address and they become notes.

## Your address

Find it under **Settings**, then **E-mail to note**. It is a private address; you can generate a new one if it leaks.

## Forwarding

Forward or send any message to that address. The subject becomes the note title and attachments are saved with it. Add @notebook at the end of the subject to choose the notebook and #tag to add tags. Only messages from your account's addresses are accepted.`,
  },
]);
