import { productDocs } from './types';

/** Meetloop: a video-conferencing app. */
export const MEETLOOP = productDocs('Meetloop', [
  {
    id: 'meetloop-schedule-meeting',
    title: 'Schedule a Meetloop meeting',
    body: `Schedule meetings in advance so participants get an invitation with the link in their calendar.

## From the app

Click **Schedule** on the home screen. Enter a topic, date, time and duration. Add participants by email, or copy the invitation text and send it yourself. Tick **Recurring** for a weekly team meeting or a monthly review; every occurrence uses the same link.

## From your calendar

With the calendar integration, add a Meetloop link to any calendar event with one click. See the article about calendars.

## Personal room

Every user also has a personal room with a permanent link, useful for quick calls. Because the link never changes, protect it with a waiting room if you share it widely.

## Meeting options

Before saving, choose whether participants join muted, whether they can join before the host, and whether the meeting is recorded automatically.`,
  },
  {
    id: 'meetloop-join-meeting',
    title: 'Join a meeting',
    body: `You can join a Meetloop meeting from the desktop app, the mobile app or a web browser. You do not need an account to join a meeting someone else is hosting.

## With the link

Click the link in the invitation. If the desktop app is installed, it opens; otherwise the meeting opens in your browser. Chrome, Edge, Firefox and Safari are supported.

## With the meeting ID

Open the app, click **Join**, and enter the nine-digit meeting ID and the passcode from the invitation.

## Before you go in

A preview shows your camera and microphone. Choose the devices and whether to join with video off. Enter the name others will see.

If the host has turned on the waiting room, you wait until they let you in. If the meeting has not started yet, the page refreshes automatically when the host arrives.`,
  },
  {
    id: 'meetloop-camera',
    title: 'My camera is not working in Meetloop',
    body: `If others see a black screen or your video does not start, work through these checks.

## Choose the right camera

Click the arrow next to the video button and select the camera. Laptops with a docking station often have two cameras listed.

## Permission

Your computer must allow Meetloop to use the camera. On macOS, open **System Settings > Privacy & Security > Camera** and turn on Meetloop (or your browser, if you joined from a browser). On Windows, open **Settings > Privacy > Camera** and allow desktop apps to use it. Restart Meetloop afterwards.

## Another app is using it

Only one app can use the camera at a time on some computers. Quit other video apps and close browser tabs with video calls.

## Still black

Test the camera in **Settings > Video**. If it does not work there either, restart your computer and check for updates to the camera driver. External webcams work best plugged directly into the computer rather than through a hub.`,
  },
  {
    id: 'meetloop-audio-problems',
    title: 'Fix audio problems: echo, no sound, microphone not picked up',
    body: `## Others cannot hear you

Check that you are not muted: the microphone icon has no line through it. Click the arrow next to it and choose the microphone you are actually using. Allow Meetloop to use the microphone in your computer's privacy settings. In **Settings > Audio**, the input level bar moves when you speak if the microphone works.

## You cannot hear others

Choose the right speaker or headset under the arrow next to the microphone icon, and check the volume on your computer. Click **Test speaker** in **Settings > Audio**.

## Echo

Echo happens when one person's speaker is picked up by their microphone, or when two devices in the same room are in the meeting. The person who does not hear the echo is usually the cause. Use headphones, or leave the audio of the second device.

## Choppy audio

Choppy or robotic sound points to a weak connection. See the article about poor connection.`,
  },
  {
    id: 'meetloop-screen-share',
    title: 'Share your screen in a meeting',
    body: `Click **Share** in the meeting controls. Choose what to share:

- **Entire screen**: everything you see, including notifications. Choose which monitor if you have several.
- **Window**: one application. Other windows stay private, even if they overlap.
- **Tab** (browser only): one tab, including its sound.

Tick **Share sound** to include the audio of a video you play.

## Permissions on macOS

The first time, macOS asks you to allow screen recording for Meetloop in **System Settings > Privacy & Security > Screen Recording**. Meetloop must be restarted after you allow it.

## Who can share

By default, only the host and co-hosts can share while someone else is sharing. The host can allow everyone to share or restrict sharing to hosts only under **Security > Screen sharing**.

Click **Stop sharing** at the top of the screen to end.`,
  },
  {
    id: 'meetloop-recording',
    title: 'Record a meeting and find your recordings',
    body: `Recording is available on paid plans. The host and co-hosts can record; other participants can ask the host for permission.

## Start recording

Click **Record** in the meeting controls. Everyone sees a red recording indicator and hears an announcement. Choose **Record to the cloud** to keep it in your Meetloop account, or **Record on this computer** to save a video file locally.

## Find recordings

Cloud recordings are processed after the meeting ends, usually in a few minutes per hour of meeting. You get an email when it is ready. Open **Recordings** in the web portal to watch, download or share them with a link. Local recordings are saved in the Meetloop folder in your Documents.

## Storage

Each paid license includes 30 GB of cloud storage. Set recordings to be deleted automatically after a period under **Settings > Recording > Retention**.`,
  },
  {
    id: 'meetloop-transcripts-captions',
    title: 'Live captions and meeting transcripts',
    body: `Meetloop can show live captions during the meeting and produce a searchable transcript afterwards.

## Live captions

Any participant can click **CC** in the meeting controls to turn captions on for themselves. Choose the spoken language from the captions menu; captions are available in 30 languages. Hosts can also turn on **Translated captions** on the Business plan, so each participant reads captions in their own language.

## Transcripts

When a cloud recording is made, a transcript is created with it. Each line shows the speaker and a timestamp; click a line to jump to that moment in the video. Edit mistakes directly in the transcript.

## Meeting summary

On the Business plan, an automatic summary with key points and action items is emailed to the host after the meeting. Hosts can turn it off for individual meetings.`,
  },
  {
    id: 'meetloop-breakout-rooms',
    title: 'Split participants into breakout rooms',
    body: `Breakout rooms split a large meeting into smaller groups for discussion, then bring everyone back together.

## Create rooms

The host clicks **Breakout rooms** in the meeting controls and chooses the number of rooms. Assign participants automatically, manually by dragging names, or let participants choose their own room.

## Run them

Click **Open all rooms**. Participants are moved into their rooms. The host can broadcast a message to all rooms, visit any room, and set a timer after which rooms close automatically. Participants can click **Ask for help** to call the host into their room.

## Pre-assign

When scheduling a meeting, you can upload a CSV file assigning participants' emails to rooms. This works for participants who sign in with the email in the file.

Recording in breakout rooms captures only the room where the person recording is.`,
  },
  {
    id: 'meetloop-waiting-room',
    title: 'Keep uninvited people out: waiting room and passcodes',
    body: `If your meeting link is shared beyond the people you invited, use these options to control who gets in.

## Waiting room

With the waiting room on, participants wait until the host admits them. The host sees a list and can admit people one by one or all at once. Set the waiting room to let people from your organization in directly and hold everyone else.

## Passcode

A passcode is added to new meetings by default. People who join with the full link do not need to type it; people who enter the meeting ID by hand do.

## During the meeting

Click **Security** to lock the meeting so no one else can join, remove a participant, or stop everyone except hosts from sharing their screen, chatting and unmuting. A removed participant cannot rejoin the same meeting.

Use a new meeting link rather than your personal room for large public events.`,
  },
  {
    id: 'meetloop-virtual-background',
    title: 'Blur or replace your background',
    body: `Hide a messy room or keep your home private by blurring your background or replacing it with an image.

Before or during a meeting, click the arrow next to the video button and choose **Background & effects**. Select **Blur** or one of the images, or click **+** to upload your own image or video. Images of 1920 by 1080 pixels look best.

## Tips for a clean result

Background replacement works best with even lighting on your face and a plain wall behind you. If parts of you disappear, turn on **I have a green screen** only if you really have one; otherwise improve the lighting.

## Requirements

Background effects need a reasonably recent processor. If the option is greyed out, your computer does not meet the requirements; blur may still be available.

Administrators can require a company background or turn effects off for everyone.`,
  },
  {
    id: 'meetloop-calendar-integration',
    title: 'Connect your Google or Outlook calendar',
    body: `Connect your calendar so you can add Meetloop to events and join with one click.

## Connect

In the app, go to **Settings > Calendar** and choose Google or Microsoft. Sign in and allow Meetloop to read and edit events. Your upcoming meetings appear on the home screen with a **Join** button.

## Add Meetloop to an event

With the Meetloop add-on for Google Calendar or Outlook, open any event and choose Meetloop as the conferencing option. The link, meeting ID and dial-in numbers are added to the event description.

## Rescheduling

Change the time in your calendar and the Meetloop meeting follows; there is no need to edit it in two places.

Only events where you are the organizer get a Meetloop link. Disconnect the calendar from the same settings page at any time.`,
  },
  {
    id: 'meetloop-webinars',
    title: 'Host a webinar for a large audience',
    body: `Webinars are for presentations to large audiences, up to 1,000 attendees with the Webinar add-on. Unlike meetings, attendees do not appear on video and cannot unmute unless you let them.

## Registration

When scheduling a webinar, turn on registration to collect names, emails and custom questions. Approve registrants automatically or manually. Each registrant receives a unique link and reminders before the start.

## Roles

Panelists can share video, audio and their screen. Attendees watch and interact through questions and answers, chat and polls. Promote an attendee to panelist to let them speak.

## Practice session

Start the webinar in practice mode to test with panelists before attendees are let in.

## After

A report lists who registered, who attended, for how long, and the questions asked. Send a follow-up email with the recording from the webinar page.`,
  },
  {
    id: 'meetloop-poor-connection',
    title: 'Frozen video or choppy sound: improve your connection',
    body: `Meetloop adjusts video quality to the available bandwidth, but a weak network still causes frozen images, delays or dropped calls. The connection icon in the top corner turns yellow or red when the problem is on your side.

## Quick fixes

- Move closer to your Wi-Fi router, or use a network cable.
- Stop downloads, cloud backups and streaming on the same network.
- Turn off your video; audio needs far less bandwidth.
- Close other apps and browser tabs that use the camera or network.

## Requirements

For group video in HD, Meetloop needs about 3 Mbps in both directions. Screen sharing only needs about 1 Mbps. Run the test under **Settings > Statistics > Test connection** to see your speed.

## Company networks

Firewalls that block UDP traffic force Meetloop to use a slower fallback. Ask your IT team to allow the ports listed in our network requirements page.`,
  },
  {
    id: 'meetloop-host-controls',
    title: 'Host controls: mute, remove and assign co-hosts',
    body: `As the host, you manage who speaks and what people can do in the meeting. Open **Participants** to see the controls.

## Mute

Hover over a name and click **Mute**, or click **Mute all** at the bottom. For privacy, you cannot unmute someone; you can only ask them to unmute. Untick **Allow participants to unmute themselves** to keep everyone muted during a presentation.

## Co-hosts

Click **More** next to a name and choose **Make co-host**. Co-hosts can mute participants, manage the waiting room, and start breakout rooms. They cannot end the meeting for everyone.

## Remove

Choose **Remove** to send someone out of the meeting. They cannot rejoin the same meeting.

## Leaving as host

If you leave without ending the meeting, choose someone to take over as host. Otherwise the meeting ends for everyone.`,
  },
  {
    id: 'meetloop-polls-reactions',
    title: 'Polls, reactions and raised hands',
    body: `Keep participants involved in larger meetings.

## Reactions

Any participant can send a quick reaction, such as a thumbs-up, applause or a laugh, from the **Reactions** button. Reactions appear on their video for a few seconds.

## Raise hand

Click **Raise hand** to signal you want to speak. Raised hands are listed at the top of the participant list in the order they were raised, so the host can call on people fairly.

## Polls

Hosts can prepare polls when scheduling the meeting, or create them during the meeting under **Polls**. Questions can be single or multiple choice. Launch a poll and participants answer on screen; share the results with everyone when you close it. Poll results are included in the meeting report, anonymously or with names depending on the poll setting.`,
  },
  {
    id: 'meetloop-chat',
    title: 'Chat and send files during a meeting',
    body: `Click **Chat** in the meeting controls to send messages to everyone or to one person.

## Private messages

Choose a name from the **To** list to send a direct message. Hosts can limit chat to messages to the host only, or turn chat off.

## Files

Drag a file into the chat or click the attachment icon. Files up to 512 MB can be shared. Participants who join later do not see files sent before they arrived.

## Saving the chat

Meeting chat is saved automatically to your account when the meeting is recorded to the cloud. Otherwise click **Save chat** before the meeting ends; the file goes to your local Meetloop folder.

Chat messages from the meeting stay available in the meeting's team channel if the meeting was scheduled from a channel.`,
  },
  {
    id: 'meetloop-reset-password',
    title: 'Reset your Meetloop password',
    body: `If you cannot sign in to Meetloop, reset your password.

Go to the Meetloop sign-in page and click **Forgot password**. Enter your email, solve the check, and click **Send**. Open the email and click **Reset password** within 24 hours, then choose a new password with at least eight characters including a letter and a number.

## You signed up with Google, Apple or Microsoft

Then you do not have a Meetloop password. Sign in with the same button you used before.

## Your company manages your account

If your organization uses single sign-on, click **Sign in with SSO** and enter your company domain. Password resets are handled by your IT department.

## No email arrives

Look in spam, and check that your email address is correct. If your account was deactivated by your organization's admin, you will not receive a reset email; contact them.`,
  },
  {
    id: 'meetloop-sso',
    title: 'Single sign-on for your organization',
    body: `On the Business and Enterprise plans, your employees can sign in to Meetloop with their company account.

## Verify your domain

An admin goes to **Admin > Account > Domains**, adds the company domain and proves ownership with a DNS record. Once verified, every new sign-up with an email on that domain joins your account.

## Configure SAML

Under **Admin > Security > Single sign-on**, enter your identity provider's sign-in URL, certificate and the attribute that holds the email address. Map groups to Meetloop roles if you want admins managed in your identity provider.

## Vanity address

Choose a vanity address such as yourcompany.meetloop.example. Users enter it on the sign-in page, or reach it directly, to be sent to your identity provider.

Users who already have Meetloop accounts with a company email are asked to join the organization's account the next time they sign in.`,
  },
  {
    id: 'meetloop-plans-limits',
    title: 'Meetloop plans and meeting limits',
    body: `## Free

Meetings with up to 100 participants, limited to 40 minutes each. Unlimited one-to-one meetings for 30 hours. Local recording is not included.

## Pro

Meetings up to 30 hours with up to 100 participants, cloud recording with 30 GB per license, transcripts and polls. Billed per license, monthly or annually.

## Business

Everything in Pro, plus up to 300 participants, single sign-on, managed domains, meeting summaries and admin reports. Minimum of ten licenses.

## Add-ons

Larger meetings (500 or 1,000 participants), webinars, conference room licenses and extra cloud storage.

## Meeting ended early?

On the free plan, a countdown appears one minute before the 40-minute limit. The host can start a new meeting with the same link right away. If the host is on a paid plan, the limit does not apply, even if participants are on the free plan.`,
  },
  {
    id: 'meetloop-delete-account',
    title: 'Delete your Meetloop account',
    body: `Deleting your account removes your profile, scheduled meetings, cloud recordings, transcripts and contacts. It cannot be undone.

## Cancel paid plans first

If you have a paid plan, cancel it under **Account > Billing**. The account can be deleted once the current period has ended, or immediately if you accept losing the remaining time.

## Delete

Sign in to the web portal, go to **Account > Profile**, scroll to the bottom and click **Delete account**. Confirm with a code sent to your email. Download any recordings you want to keep before confirming.

## Company accounts

If your account belongs to your employer's organization, you cannot delete it yourself; the organization's admin can remove you. You can ask them to remove you and then sign up again privately with another email.`,
  },
  {
    id: 'meetloop-usage-reports',
    title: 'Meeting history and usage reports',
    body: `Admins and individual users can review past meetings and export the data.

## Your meeting history

In the web portal, open **Meetings > Previous**. For each meeting you hosted in the last 12 months you see the date, duration, number of participants, and links to the recording and transcript.

## Participant reports

Click a meeting and choose **Participants** to see who joined, when they joined and left, and their device. Download the list as CSV, for example to track attendance at a training session.

## Account usage

On the Business plan, admins open **Admin > Reports** for totals across the organization: active users, meetings held, total meeting minutes, and recording storage used. Each report can be exported as CSV or scheduled by email.

Data older than 12 months is removed from reports.`,
  },
  {
    id: 'meetloop-room-devices',
    title: 'Set up Meetloop in a conference room',
    body: `Meetloop Rooms turns a meeting room into a video room with one-touch join.

## What you need

A computer or certified room appliance connected to a screen, a camera, a speaker and microphone bar, and a touch controller on the table. Each room needs a Meetloop Rooms license.

## Set up

An admin creates the room under **Admin > Rooms > Add room** and gets an activation code. On the room computer, install Meetloop Rooms and enter the code. Link the room to its calendar resource so the controller shows the day's meetings.

## In the room

Tap **Join** next to the meeting on the controller. Share a laptop screen wirelessly by entering the share code shown on the room display, or with the Meetloop desktop app, which detects the room nearby.

The admin dashboard warns you when a room's camera or microphone is disconnected.`,
  },
  {
    id: 'meetloop-dial-in',
    title: 'Join by phone',
    body: `No internet or a poor connection? Join the audio of a meeting with an ordinary phone call.

## Dial in

The invitation lists local phone numbers for many countries. Call a number, then enter the meeting ID followed by #. If asked for a participant ID, press # to skip. Enter the passcode if the meeting has one.

## Phone controls

Press *6 to mute or unmute yourself and *9 to raise your hand.

## Call me

In the app, choose **Phone call > Call me** and enter your number; Meetloop calls you. This is available on paid plans in some countries.

## Combine with video

If you already joined with video on a computer, use the participant ID shown in the phone audio dialog when you dial in. Your phone audio is then linked to your video instead of appearing as a separate participant.

Standard call rates from your phone provider apply to local numbers.`,
  },
  {
    id: 'meetloop-noise-suppression',
    title: 'Reduce background noise',
    body: `Meetloop filters out background sounds such as typing, barking dogs, traffic and fans, so others hear only your voice.

## Levels

Open **Settings > Audio > Background noise suppression**:

- **Auto**: moderate suppression, recommended for most people.
- **High**: removes more noise. Good for busy places, but music or several voices in the room may be cut.
- **Low**: for quiet rooms, or when you want others to hear faint sounds.

## Music and instruments

For a music lesson or performance, turn on **Original sound for musicians**. This switches off noise suppression and echo cancellation, so use headphones.

Noise suppression only affects what others hear from you. If someone else is noisy, ask them to mute, or as the host mute them from the participant list.`,
  },
  {
    id: 'meetloop-language',
    title: 'Change the language of the Meetloop app',
    body: `Meetloop is available in 22 languages. The app follows your computer's language when it is first installed.

## Desktop app

Go to **Settings > General > Language** and choose a language. Meetloop restarts to apply it.

## Web portal and emails

Change the language under **Account > Profile > Language**. Meeting invitations and notifications you send are written in this language.

## Mobile

The mobile app always follows your phone's language. Change the phone's language, or on Android 13 and iOS, set a language for Meetloop alone in the system settings for the app.

The language of live captions is set separately in the captions menu during a meeting.

## Date and time formats

Dates and times in the app follow the region settings of your computer or phone, not the app language. Meeting times in invitations are shown in each recipient's own time zone when they open them in a calendar.`,
  },
]);
