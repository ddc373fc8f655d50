import { productDocs } from '../types';

/** Pawpoint: booking and records app for pet owners and their vet clinic. */
export const PAWPOINT = productDocs('Pawpoint', [
  {
    id: 'pawpoint-book-appointment',
    title: 'Book a vet appointment',
    body: `Pawpoint shows your clinic's free slots and books them in a few taps.

## Choose a slot

Tap **Book**, pick the pet and the reason for the visit, such as a check-up, vaccination or a sick pet. The app lists the vets and times available over the next three weeks. Urgent reasons show same-day slots first.

## Confirmation

You get a confirmation in the app and by e-mail, with the clinic's address and what to bring. Add the appointment to your phone's calendar from the confirmation screen.`,
  },
  {
    id: 'pawpoint-cancel-appointment',
    title: 'Cancel or reschedule an appointment',
    body: `Plans change. You can move or cancel a booking from the app.

## Reschedule

Open the appointment and tap **Change time** to pick another slot with the same vet or any vet.

## Cancel

Tap **Cancel appointment**. Cancelling at least 24 hours before is free. Later cancellations and missed appointments may be charged a fee of 25 euros by the clinic, because the slot cannot be offered to another pet in time. The fee is shown before you confirm.`,
  },
  {
    id: 'pawpoint-vaccination-records',
    title: 'Vaccination records and certificates',
    body: `Every vaccine your clinic gives is added to your pet's record in Pawpoint.

## See the record

Open the pet and tap **Vaccinations** to see each vaccine, the date given and when the next dose is due.

## Download a certificate

Kennels, groomers and border controls often ask for proof. Tap **Certificate** to download a PDF signed by the clinic, or share it directly from the app. Vaccines given at another clinic can be added by uploading their paperwork; your clinic checks them before they appear.`,
  },
  {
    id: 'pawpoint-add-pet',
    title: 'Add a pet to your account',
    body: `One account can hold all your animals.

## Add the pet

Tap **Pets**, then **Add pet**, and enter the name, species, breed, date of birth and microchip number if there is one. Add a photo so the clinic staff recognise your pet at the desk.

## Link existing records

If the pet has been seen at the clinic before, enter the clinic's patient number and the past visits, weight history and vaccinations are linked to the new profile within a day.`,
  },
  {
    id: 'pawpoint-prescription-refill',
    title: 'Request a prescription refill',
    body: `Long-term medicines, such as those for joints, skin or the heart, can be reordered without a visit when the vet allows it.

## Ask for a refill

Open the pet, tap **Medicines** and choose **Request refill** next to the medicine. The vet reviews the request within two working days.

## Collecting

Once approved, collect the medicine at the clinic desk or choose home delivery. Some medicines need a check-up every six months before more can be prescribed; the app tells you when one is due.`,
  },
  {
    id: 'pawpoint-video-consult',
    title: 'Video consultations',
    body: `For questions that do not need an examination, talk to a vet over video from home.

## Before the call

Book a **Video consult** slot like any other appointment. Use a phone or tablet on a stable Wi-Fi connection and have your pet with you in a bright room.

## During the call

Join from the appointment five minutes early. The vet can look at a wound, watch your pet walk and advise whether a visit is needed. If it is, the vet books it for you and the video consult fee is deducted from it.`,
  },
  {
    id: 'pawpoint-reminders',
    title: 'Appointment and medicine reminders',
    body: `Pawpoint reminds you of upcoming appointments, vaccinations due and daily medicines.

## Choose how

Under **Settings**, then **Reminders**, turn on push notifications, e-mail or both. Appointment reminders come the day before; vaccination reminders two weeks before the due date.

## Medicine times

For a daily medicine, set the times you give it. The app reminds you and lets you mark each dose as given, which the vet can see at the next visit.`,
  },
  {
    id: 'pawpoint-insurance-claims',
    title: 'Pet insurance claims',
    body: `Many insurers accept claims sent straight from the clinic, so you do not fill in paper forms.

## Add your policy

Open the pet, tap **Insurance** and enter the insurer and policy number.

## Claim a visit

After a visit, open the invoice and tap **Claim**. The clinic adds the vet's notes and sends the claim to your insurer. You can follow its status in the app. Most insurers pay you back within ten working days; a few pay the clinic directly so you pay only the excess.`,
  },
  {
    id: 'pawpoint-delete-account',
    title: 'Delete your Pawpoint account',
    body: `You can close your account from the app at any time.

## Delete

Open **Settings**, then **Account**, and tap **Delete account**. Enter your password to confirm. Upcoming appointments are cancelled for you.

## What is kept

Your login and app data are erased within 30 days. The clinic keeps your pets' medical records, as veterinary law requires, and you can still ask the clinic for copies. Download your vaccination certificates first if you need them.`,
  },
  {
    id: 'pawpoint-family-access',
    title: 'Share access with family members',
    body: `Several people often look after one pet. Give them access so anyone can book or check records.

## Invite someone

Open the pet, tap **Sharing** and enter the person's e-mail address. They get an invitation and create their own login.

## What they can do

Shared members can book and cancel appointments, see records and receive reminders. Only the account owner can pay invoices, change insurance details or remove the pet. Remove a member from the same screen at any time.`,
  },
]);
