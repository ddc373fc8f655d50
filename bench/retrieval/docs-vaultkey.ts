import { productDocs } from './types';

/** Vaultkey: a password manager for individuals, families and businesses. */
export const VAULTKEY = productDocs('Vaultkey', [
  {
    id: 'vaultkey-forgot-master-password',
    title: 'I forgot my Vaultkey master password',
    body: `Your master password is the only key to your vault. Vaultkey never stores it and cannot see it, so our support team cannot reset it or tell you what it is. This is what keeps your data private, even from us.

## Recover with your recovery kit

When you created your account, Vaultkey asked you to save a recovery kit containing a recovery code. On the sign-in screen, click **Forgot master password?** and choose **Use recovery code**. Enter the code, then choose a new master password. Your vault is unlocked with the new one and nothing is lost.

## Unlock on a device that is still signed in

If a phone still opens Vaultkey with your fingerprint or face, go to **Settings > Security > Change master password** there; biometric unlock lets you set a new one without the old.

## Business and family accounts

Organizers and admins can enable account recovery for members. If it is on, ask them to start a recovery for you.

Without any of these, the vault cannot be opened. You can delete the account and start again.`,
  },
  {
    id: 'vaultkey-change-master-password',
    title: 'Change your master password',
    body: `Change your master password if you think someone may know it, or if it is weak.

Open Vaultkey on a computer, unlock it, and go to **Settings > Security > Change master password**. Enter the current password, then the new one twice. The strength meter shows how hard the new password is to guess. A good master password is long and memorable, such as four or five random words.

## What happens next

Your vault is re-encrypted with the new key. Other devices sign out and ask for the new master password the next time you open Vaultkey.

## Your recovery code

Changing the master password does not change your recovery code. If you think the recovery kit was exposed too, generate a new one under **Settings > Security > Recovery kit** and store it somewhere safe, such as printed in a drawer.`,
  },
  {
    id: 'vaultkey-browser-extension',
    title: 'Install the Vaultkey browser extension',
    body: `The browser extension saves and fills passwords on websites. Install it in each browser you use.

## Install

Open the Vaultkey app and go to **Settings > Browsers**, or visit the extension store of your browser and search for Vaultkey. Chrome, Firefox, Edge, Safari and Brave are supported. After installing, pin the Vaultkey icon to the toolbar so it is always visible.

## Sign in

Click the icon and sign in with your email and master password. If the desktop app is installed and unlocked, the extension can connect to it instead, so you unlock both at once with your fingerprint or system password.

## Saving new logins

When you sign in to a site, the extension offers to save the username and password. Choose which vault to save it in.

Private browsing windows need the extension allowed separately in the browser's extension settings.`,
  },
  {
    id: 'vaultkey-autofill-not-working',
    title: 'Vaultkey is not filling in my password',
    body: `If the extension does not fill a login on a website, try the following.

## Check the website address

Vaultkey fills only on the address saved with the login, to protect you from look-alike phishing sites. Open the item and check its website field. For sites that use several domains for the same account, add each one.

## Fill manually

Click the Vaultkey icon in the field, or in the toolbar, and select the login. The keyboard shortcut Ctrl+Shift+L (Cmd+Shift+L on Mac) fills the best match.

## Login in two steps

Many sites ask for the username first and the password on a second page. Vaultkey fills each page separately; click the icon again on the second page.

## Still nothing

Make sure the extension is unlocked and up to date. Some sites build their forms in unusual ways; report the site from the extension menu with **Report a problem with this page**.`,
  },
  {
    id: 'vaultkey-import',
    title: 'Import passwords from your browser or another password manager',
    body: `Moving to Vaultkey? Bring your existing passwords with you.

## From a browser

Export your passwords from the browser as a CSV file. In Chrome, it is under **Settings > Passwords > Export**; other browsers have a similar option. Then, in the Vaultkey web app, go to **Tools > Import**, choose the browser and upload the file.

## From another password manager

Choose your previous manager from the list. Vaultkey understands its export format, including folders, notes and one-time code secrets where available.

## After importing

Imported items go into the vault you choose, in a folder named after the import. Check that a few logins work, then delete the CSV file securely: it contains all your passwords in plain text. Finally, turn off the browser's own password saving so the two do not compete.`,
  },
  {
    id: 'vaultkey-export',
    title: 'Export your vault',
    body: `You can export the items in your vault, for a personal backup or to move to another service.

In the desktop or web app, go to **File > Export** (or **Settings > Export** on the web). Choose the vault and the format:

- **Encrypted Vaultkey file**: protected by a password you choose. Use this for backups. It can only be imported into Vaultkey.
- **CSV**: readable by other apps and spreadsheets, but **not encrypted**. Anyone who gets the file can read all your passwords.

Enter your master password to confirm.

## Limits

Attachments and passkeys are not included in CSV exports. Business admins can turn off exporting for shared company vaults, in which case the option is greyed out.

Delete unencrypted exports as soon as you no longer need them, and empty the trash on your computer.`,
  },
  {
    id: 'vaultkey-sharing',
    title: 'Share passwords with family or colleagues',
    body: `Sharing with Vaultkey is safer than sending a password by message, because it stays encrypted and updates automatically when it changes.

## Shared vaults

On family and business plans, create a shared vault under **Vaults > New vault** and add people. Everything in the vault is available to them. Choose per person whether they can edit items or only view and use them.

## Share a single item

Open an item and choose **Share**. Send it to a Vaultkey user, or create a link for someone who does not use Vaultkey. Links expire after the time you choose, from one hour to 30 days, and can be limited to one view. The recipient sees the item in the browser without installing anything.

## Stop sharing

Remove a person from the vault, or revoke the link from **Shared links**. Remember that someone who already saw a password could have copied it; change the password on the website if that matters.`,
  },
  {
    id: 'vaultkey-password-generator',
    title: 'Generate strong passwords',
    body: `Vaultkey creates strong, unique passwords so you never reuse one.

## When signing up on a website

Click in the password field; the extension suggests a generated password. Accept it, and Vaultkey saves the new login automatically when you submit the form.

## Generator options

Open the generator from the toolbar icon or in the app under **Tools > Generator**. Choose:

- **Random**: letters, digits and symbols, 8 to 64 characters. Use 20 or more.
- **Memorable**: random words separated by a character, easier to type on a TV.
- **PIN**: digits only, for phones and card readers.

Some websites limit length or forbid symbols. Adjust the options and Vaultkey remembers them for that site.

The generator's history keeps the last 50 passwords for 30 days, in case a site accepted a password but the login was not saved.`,
  },
  {
    id: 'vaultkey-password-health',
    title: 'Find weak, reused and breached passwords',
    body: `The **Health** dashboard checks your vault and tells you which passwords to change first.

## What it checks

- **Breached**: the password appears in known data breaches. Change these immediately.
- **Reused**: the same password on several sites. If one site is breached, attackers try it on the others.
- **Weak**: short or predictable passwords.
- **Unsecured sites**: logins saved for addresses starting with http rather than https.
- **Missing two-factor**: sites that support two-factor authentication where your item has no one-time code.

## How breach checks stay private

Vaultkey never sends your passwords anywhere. It sends the first characters of a hash of each password and compares the answers on your device.

## Fix

Click an item and choose **Change password** to open the site's password page. Vaultkey fills the old password and generates the new one.`,
  },
  {
    id: 'vaultkey-two-factor',
    title: 'Add two-factor authentication to your Vaultkey account',
    body: `Two-factor authentication adds a second check when a new device signs in to your Vaultkey account. Even someone who learns your master password cannot sign in without it.

Go to **Settings > Security > Two-factor authentication** in the web app. Choose a method:

- **Security key**: a hardware key you touch, the strongest option.
- **Authenticator app**: six-digit codes from an app on your phone. Do not use Vaultkey itself to store these codes, or you could lock yourself out.
- **Email codes**: the simplest, but only as secure as your email account.

Save the recovery codes that are shown. Each can be used once if you lose your second factor.

Two-factor is asked when signing in on a new device, not each time you unlock Vaultkey on a device already set up.`,
  },
  {
    id: 'vaultkey-one-time-codes',
    title: 'Store one-time codes for your other accounts',
    body: `Many websites can ask for a six-digit code after your password. Vaultkey can generate these codes for you, so you do not need a separate authenticator app.

## Add a code to a login

On the website, turn on two-step verification and choose the authenticator app option. The site shows a QR code. In Vaultkey, open the login item, click **Add one-time code** and scan the QR code from the screen with the extension, or type the setup key.

## Using the codes

When the site asks for the code, Vaultkey fills it, or copies it to the clipboard after filling the password.

## Keeping things separate

Storing codes in the same place as passwords is convenient but puts both factors in one place. For your most important accounts, such as your email, you may prefer a separate authenticator app or a security key.`,
  },
  {
    id: 'vaultkey-emergency-access',
    title: 'Emergency access for someone you trust',
    body: `Emergency access lets a trusted person, such as a partner or close friend, request access to your vault if something happens to you.

## Set it up

Go to **Settings > Emergency access** and invite the person by email. They need a Vaultkey account. Choose a waiting period from one to 30 days, and whether they may only view items or take over the account.

## When they request access

They click **Request access** in their Vaultkey. You are notified by email at once. If you do nothing, access is granted when the waiting period ends. If you are fine, reject the request.

## Privacy

Until access is granted, the person cannot see anything in your vault. The encryption keys are exchanged in a way that keeps your data private from Vaultkey as well.

Review your emergency contacts once a year.`,
  },
  {
    id: 'vaultkey-passkeys',
    title: 'Save and use passkeys',
    body: `Passkeys replace passwords with a cryptographic key on your device. There is nothing to type and nothing a phishing site can steal. Vaultkey stores passkeys and syncs them across your devices and browsers.

## Create a passkey

On a website that supports them, look for **Create a passkey** in its security settings. With the Vaultkey extension installed and unlocked, the browser offers to save the passkey in Vaultkey. Confirm, and it is added to the login item for that site.

## Sign in with a passkey

On the sign-in page, choose **Sign in with a passkey**. Vaultkey asks you to confirm, and you are in.

## Phones

On iOS and Android, choose Vaultkey as your passkey provider in the system settings.

Passkeys stored in Vaultkey are shared through shared vaults like passwords, but cannot be exported to CSV.`,
  },
  {
    id: 'vaultkey-mobile-autofill',
    title: 'Fill passwords in apps on iPhone and Android',
    body: `Vaultkey can fill logins in apps and browsers on your phone.

## iPhone and iPad

Open **Settings > General > AutoFill & Passwords** and turn on Vaultkey. When you tap a login field, the suggestion bar above the keyboard shows the matching login; tap it and confirm with Face ID or Touch ID.

## Android

Open the Vaultkey app, go to **Settings > Autofill** and tap **Turn on**. Android opens its autofill service page; choose Vaultkey. Matching logins appear in a drop-down or above the keyboard.

## Apps without a match

For apps, Vaultkey matches by the app's website. If nothing is suggested, tap **Vaultkey** in the suggestions, search for the login and fill it; you will be asked whether to remember it for this app.

Some banking apps block autofill. Copy the password from Vaultkey instead; the clipboard is cleared after 90 seconds.`,
  },
  {
    id: 'vaultkey-biometric-unlock',
    title: 'Unlock Vaultkey with your fingerprint or face',
    body: `Typing a long master password every time is tedious. Biometric unlock lets you open Vaultkey with Touch ID, Face ID, Windows Hello or Android fingerprint.

## Turn it on

In the app, go to **Settings > Security** and switch on biometric unlock. Enter your master password once to confirm.

## When the master password is still needed

- After you restart the device.
- After your biometric settings change, for example when a new fingerprint is added.
- Every 14 days by default, so you do not forget the master password. Change the interval under **Security > Require master password**.

## Browser extensions

The extension uses biometrics through the desktop app. Install the app, turn on **Connect with browsers**, and the extension unlocks with the same fingerprint.

Your fingerprint or face data never leaves the device's secure hardware and is never seen by Vaultkey.`,
  },
  {
    id: 'vaultkey-auto-lock',
    title: 'Choose when Vaultkey locks itself',
    body: `Vaultkey locks automatically so that someone using your unattended computer cannot open your vault.

Go to **Settings > Security > Auto-lock** and choose after how many minutes of inactivity Vaultkey should lock, from one minute to eight hours. Also choose whether to lock when:

- the computer goes to sleep,
- the screen saver starts or the screen locks,
- you close the main window.

Locking does not sign you out: your data stays on the device and unlocks with your master password or biometrics.

## Clear the clipboard

Under the same settings, choose how long copied passwords stay on the clipboard. The default is 90 seconds.

## Businesses

Admins can set a maximum auto-lock time in the admin console; members can choose a shorter time but not a longer one.`,
  },
  {
    id: 'vaultkey-sync',
    title: 'Items are not syncing between my devices',
    body: `Vaultkey syncs changes through our servers within seconds. If a new login on your computer does not appear on your phone, check these points.

## Same account

Make sure both devices are signed in with the same email. You can see it under **Settings > Account**. People with a personal and a work account often save an item in the wrong one.

## Same vault

Items only appear on devices where that vault is shown. Check **Settings > Vaults** on the phone and make sure the vault is turned on.

## Force a sync

On a computer, choose **Sync now** from the account menu. On a phone, pull down on the item list.

## Offline or out of date

Devices sync when they are online and unlocked. An old version of the app may stop syncing; update it from the app store.

If conflicting changes are made on two offline devices, Vaultkey keeps both versions in the item's history.`,
  },
  {
    id: 'vaultkey-secure-notes',
    title: 'Store secure notes, cards and documents',
    body: `Besides logins, Vaultkey protects any private information with the same encryption.

## Item types

When you create an item, choose a type: login, secure note, credit card, identity, bank account, passport, driver's licence, Wi-Fi network, software licence or server. Each type has its own fields, and Vaultkey can fill cards and addresses in checkout forms.

## Files

Attach files to any item, such as a scan of your passport or an insurance policy. Each account has 1 GB of encrypted file storage; business accounts have 5 GB per user.

## Organizing

Use tags and favourites to find items quickly. Search looks through titles, usernames, websites, notes and tags, but never through the contents of attached files.

Items in the trash are kept for 30 days before being deleted permanently.`,
  },
  {
    id: 'vaultkey-family-plan',
    title: 'Vaultkey Family: invite your household',
    body: `The Family plan covers up to six people, each with their own private vault, plus shared vaults for the household.

## Invite family members

The family organizer goes to **Family > Members > Invite** and enters an email. Invited people create their own Vaultkey account with their own master password. The organizer cannot see anyone's private vault.

## Shared vaults

A shared vault called *Family* is created automatically. Use it for the Wi-Fi password, streaming services and utilities. Create more shared vaults for smaller groups, such as the parents only.

## Recovery for members

The organizer can help a member who forgot their master password, if account recovery was turned on before it was needed. The member then sets a new master password.

## Leaving the family

Members who leave keep their private vault and can switch to an individual plan.`,
  },
  {
    id: 'vaultkey-business-admin',
    title: 'Manage your team in the Vaultkey admin console',
    body: `The admin console is where business administrators manage people, groups and security policies.

## Add people

Invite employees by email under **People > Invite**, or connect your identity provider to provision and deprovision them automatically. New members appear as pending until they accept and create their master password.

## Groups and vault access

Create groups, such as Engineering or Finance, and give each group access to company vaults. People get access through their groups, which makes changes easy when someone moves teams.

## Policies

Set rules for everyone: minimum master password strength, required two-factor authentication, allowed countries, auto-lock time and whether items can be exported.

## Offboarding

When someone leaves, suspend or remove them. Their access to company vaults ends at once. Their private vault is deleted after 30 days unless you convert the account for them to keep it as a personal one.`,
  },
  {
    id: 'vaultkey-restore-deleted',
    title: 'Restore a deleted item or an older version of a password',
    body: `Deleted something by mistake, or changed a password and need the old one back? Vaultkey keeps both.

## Restore from trash

Deleted items go to the **Trash** for 30 days. Open it from the sidebar, select the item and click **Restore**. It returns to the vault it came from.

## Item history

Every time you change an item, the previous version is kept. Open the item and choose **View history** from its menu. Select a version to see the password, username and notes it had, and click **Restore this version** to bring it back. History goes back 365 days on paid plans and 30 days on the free plan.

## Password field history

For a quick look, the password field's menu shows **Previous passwords** with the date each was replaced.

Items deleted permanently from the trash cannot be recovered.`,
  },
  {
    id: 'vaultkey-delete-account',
    title: 'Delete your Vaultkey account',
    body: `Deleting your Vaultkey account permanently erases your vaults, items, files and history from our servers.

## Before deleting

Export your vault if you want to keep your passwords. Then cancel any subscription under **Settings > Billing**. If you are the organizer of a family or the owner of a business account, transfer that role to someone else first, or the whole family or company account will be deleted too.

## Delete

Sign in to the web app, go to **Settings > Account > Delete account**, enter your master password and confirm. We send a confirmation email; the deletion happens when you click the link in it.

Deletion is immediate and cannot be undone, because your data is encrypted with your master password and we cannot restore it. Copies in our backups expire within 30 days and cannot be read by us.`,
  },
  {
    id: 'vaultkey-encryption',
    title: 'How Vaultkey protects your data',
    body: `Vaultkey uses end-to-end encryption: your data is encrypted on your device before it is sent to our servers, and only your devices can decrypt it.

## Your keys

Your master password never leaves your device. It is stretched with a slow key derivation function to produce the key that unlocks your vault. A second, randomly generated secret key created when you set up your first device is combined with it, so even a weak master password cannot be guessed from our servers.

## What we can see

We store only encrypted data, plus your email, billing details and the names of devices. We cannot see item names, websites, usernames or passwords.

## If our servers were breached

An attacker would get encrypted data that cannot be read without your master password and secret key.

Independent security firms audit Vaultkey every year, and the reports are published on our website.`,
  },
  {
    id: 'vaultkey-offline-access',
    title: 'Use Vaultkey without an internet connection',
    body: `Your vault is stored encrypted on each device where you use the Vaultkey app, so you can open it and fill passwords without a connection, for example on a plane.

## What works offline

- Unlocking with your master password or biometrics.
- Viewing, copying and filling items.
- Creating and editing items; the changes sync when you are back online.

## What needs a connection

- Signing in on a new device.
- Sharing items and accepting shared vaults.
- The password health breach check.

## Browser extension

The extension keeps an encrypted copy too and works offline once you have signed in.

## Admin policies

Business admins can turn off offline access for company vaults. In that case company items are available only while online, and are removed from the device when it is signed out.`,
  },
  {
    id: 'vaultkey-billing',
    title: 'Vaultkey plans, billing and refunds',
    body: `## Plans

- **Free**: unlimited passwords on one device type, such as phones or computers.
- **Premium**: all devices, one-time codes, 1 GB of file storage, emergency access and password health.
- **Family**: Premium for up to six people, with shared vaults.
- **Business**: an admin console, groups, policies and single sign-on, billed per user.

## Payment

Pay monthly or yearly by card or PayPal under **Settings > Billing**. The yearly price saves about two months.

## Refunds

If you are not happy, ask for a refund within 30 days of your first payment on a yearly plan from the same page.

## If you stop paying

Your account returns to the free plan. Nothing is deleted: you can still view and fill your items on one device type, and export everything.`,
  },
]);
