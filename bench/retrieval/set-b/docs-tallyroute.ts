import { productDocs } from '../types';

/** Tallyroute: route planning and delivery tracking for small courier fleets. */
export const TALLYROUTE = productDocs('Tallyroute', [
  {
    id: 'tallyroute-import-stops',
    title: 'Import stops from a spreadsheet',
    body: `Instead of typing every address, upload your stops as a CSV or Excel file.

## Prepare the file

Put one stop per row with columns for the address, the recipient's name and phone, and optional notes. A column for the time window and one for the parcel count are read too if present.

## Upload

On the **Plan** page click **Import**, choose the file and match each column to a field. Tallyroute geocodes every address and flags the ones it cannot place on the map so you can correct them before planning.`,
  },
  {
    id: 'tallyroute-optimize-route',
    title: 'Optimise a route',
    body: `Tallyroute orders the stops so that drivers spend the least time on the road while keeping every promised time window.

## Run the optimiser

Select the stops for the day, choose the vehicles and click **Optimise**. Within a few seconds each driver gets an ordered list and a map. Stops that cannot be reached in time are listed separately.

## Adjust by hand

Drag a stop to another driver or another position; arrival times are recalculated at once. Lock a stop to keep its position when you run the optimiser again.`,
  },
  {
    id: 'tallyroute-driver-app',
    title: 'Install the driver app',
    body: `Drivers follow their route, navigate and record deliveries in the Tallyroute Driver app for Android and iPhone.

## Invite a driver

Under **Team**, click **Add driver** and enter their mobile number. They receive a text message with a download link and a one-time code to sign in.

## First start

The app asks for location access, which is needed to show live progress to dispatchers; choose **Always allow** so tracking continues while another navigation app is open. Drivers only see their own routes.`,
  },
  {
    id: 'tallyroute-proof-of-delivery',
    title: 'Proof of delivery: photos and signatures',
    body: `Each completed stop can carry evidence that the parcel arrived.

## Collect it

In the driver app, tap the stop and then **Delivered**. Depending on your settings the driver takes a photo of the parcel at the door, asks the recipient to sign on the screen, or both. The time and GPS position are recorded automatically.

## Find it later

Dispatchers see the photo and signature on the stop in the web app, and they are included in the delivery report. Evidence is kept for twelve months.`,
  },
  {
    id: 'tallyroute-time-windows',
    title: 'Delivery time windows',
    body: `A time window is the period in which a recipient expects the parcel, such as 9:00 to 12:00.

## Set a window

Add the start and end time on the stop, or in the window column when importing. Stops without a window can be visited any time during the driver's shift.

## How windows affect the plan

The optimiser never plans an arrival outside a window. If a window is too tight to meet with your vehicles, the stop is marked unplannable and you can widen the window, add a vehicle or move the stop to another day.`,
  },
  {
    id: 'tallyroute-vehicle-capacity',
    title: 'Vehicle capacity and load limits',
    body: `Each vehicle can have a maximum number of parcels, a weight limit, or both, so routes never overload a van.

## Set capacity

Under **Vehicles**, open a vehicle and enter its capacity in parcels and kilograms. Give each stop its parcel count and weight when you add or import it.

## During planning

The optimiser fills vehicles up to their limits and then uses the next one. A stop heavier than any vehicle can carry is reported before planning so you can split the delivery.`,
  },
  {
    id: 'tallyroute-recipient-notifications',
    title: 'Notify recipients by text message or e-mail',
    body: `Tallyroute can tell recipients when their parcel is coming, which cuts missed deliveries.

## Messages sent

On the morning of delivery recipients get an estimated time. When the driver is two stops away they get a live tracking link. After delivery they get the proof of delivery photo.

## Turn it on

Under **Settings**, then **Notifications**, enable SMS, e-mail or both and edit the wording. Text messages use credits from your plan; e-mails are free. Recipients without a phone number or address are skipped.`,
  },
  {
    id: 'tallyroute-two-factor',
    title: 'Two-factor authentication for dispatchers',
    body: `Protect dispatcher accounts with a second step when signing in to the web app.

## Turn it on

Open **Profile**, then **Security**, and click **Enable two-factor**. Scan the QR code with an authenticator app and type the six-digit code it shows. Save the backup codes somewhere safe.

## Require it for everyone

Account owners can make two-factor mandatory under **Settings**, then **Security**. Dispatchers without it are asked to set it up at their next sign-in. Driver app sign-in uses a one-time text message code instead.`,
  },
  {
    id: 'tallyroute-export-reports',
    title: 'Export delivery reports',
    body: `Reports show how each day went: stops delivered, failed attempts, distance driven and time on the road.

## Download a report

On the **Reports** page, choose a date range and the drivers, then click **Export**. You get a CSV for spreadsheets or a PDF with the proof of delivery photos included.

## Scheduled reports

Click **Schedule** to receive the same report by e-mail every morning or every Monday. Reports cover up to one year at a time.`,
  },
  {
    id: 'tallyroute-offline-mode',
    title: 'Using the driver app without mobile signal',
    body: `Drivers often pass through areas with no coverage. The driver app keeps working offline.

## What works offline

The day's route, addresses, notes and the stop order are stored on the phone when the shift starts. Drivers can mark stops delivered and capture photos and signatures without signal.

## Syncing

Everything recorded offline is uploaded as soon as the phone is back online, with the original times. Dispatchers see the driver's position stop moving while they are out of coverage; that is expected.`,
  },
]);
