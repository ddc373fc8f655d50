import { productDocs } from './types';

/** Nestwarm: a smart thermostat and its companion app. */
export const NESTWARM = productDocs('Nestwarm', [
  {
    id: 'nestwarm-install-thermostat',
    title: 'Install your Nestwarm thermostat',
    body: `Most people install Nestwarm in about 30 minutes with a screwdriver. The app guides you step by step and checks your wiring before you start.

## Before you begin

Turn off power to your heating and cooling system at the breaker, not only at the old thermostat. Take a photo of the wires connected to your old thermostat and note the letters on the terminals, such as R, W, Y, G and C.

## Compatibility check

In the Nestwarm app, tap **Add device > Thermostat** and enter the terminal letters from your photo. The app tells you whether your system is compatible and which wire goes where on the Nestwarm base.

## The C wire

Nestwarm works best with a common wire (C), which provides constant power. Without one, the thermostat charges its battery from the heating circuit, which works on most systems but can cause clicking noises or short cycles on some. If you have no C wire, use the power adapter included in the box.

When the wiring is done, attach the display to the base, restore power and follow the setup on screen.`,
  },
  {
    id: 'nestwarm-connect-wifi',
    title: 'Connect the thermostat to Wi-Fi',
    body: `Nestwarm needs Wi-Fi for the app, schedules that adapt to you, and software updates. Heating and cooling still work without a connection, following the last schedule the thermostat received.

## During setup

After installation, the thermostat lists the networks it can find. Choose yours and type the password with the ring. Nestwarm supports 2.4 GHz and 5 GHz networks using WPA2 or WPA3.

## Change networks

If you get a new router or change your Wi-Fi password, go to **Settings > Network** on the thermostat itself and choose the new network. The app cannot do this for you, because it talks to the thermostat over the old connection.

## Tips

Networks that need a sign-in page in a browser, such as in hotels or some apartment buildings, are not supported. If your router uses the same name for both bands and the thermostat has trouble, give the 2.4 GHz band its own name.`,
  },
  {
    id: 'nestwarm-offline',
    title: 'The app says my thermostat is offline',
    body: `If the Nestwarm app shows your thermostat as offline, it has not reached our servers for more than 15 minutes. Your heating keeps following the schedule in the meantime.

## Check the thermostat

Look at the display. If it is blank, see the article about low battery and power. If it shows a crossed-out Wi-Fi symbol, go to **Settings > Network** on the thermostat and reconnect.

## Check the router

Restart your router and wait two minutes. Make sure other devices in the same room have internet access. Thick walls and metal boxes between the router and the thermostat weaken the signal; a mesh point or extender nearby often fixes repeated drops.

## Still offline

Restart the thermostat: press and hold the display for ten seconds until it turns off and back on. This keeps all your settings. If it still does not connect, contact support with the thermostat's serial number from **Settings > About**.`,
  },
  {
    id: 'nestwarm-heating-schedule',
    title: 'Create a heating and cooling schedule',
    body: `A schedule sets the temperature for different times of the day, so the house is warm when you wake up and cooler while you are at work or asleep.

## Build a schedule

In the app, open your thermostat and tap **Schedule**. Each day shows a row of set points. Tap **+** to add one: choose the time and the temperature. Copy a day to other days with **Copy day**, for example Monday to all weekdays.

## Learning

With **Auto-schedule** on, Nestwarm watches when you change the temperature by hand during the first week and builds a schedule from your habits. It keeps adjusting afterwards. Turn it off if you prefer full control.

## Temporary changes

Turning the ring or changing the temperature in the app holds the new temperature until the next set point. To keep it longer, see hold and vacation settings.

In cooling mode the schedule has its own set points, so summer and winter settings do not interfere.`,
  },
  {
    id: 'nestwarm-away-mode',
    title: 'Save energy when nobody is home with Away mode',
    body: `Away mode lowers the heating and raises the cooling target when everyone has left, and brings the temperature back before someone returns.

## Geofencing

Nestwarm uses the location of the phones of the people in your home. When the last phone leaves the area around your house, the thermostat switches to your eco temperatures. When the first phone comes back within a few kilometres, comfort temperatures return. Each person must allow location access for the Nestwarm app.

## Motion sensing

The thermostat and room sensors also detect movement. If nobody is detected for two hours, Nestwarm assumes the home is empty, even without phone location.

## Turn it off

Go to **Settings > Home/Away assist** in the app. You can use phone location only, motion only, both, or switch Away mode to manual and set it yourself from the home screen.`,
  },
  {
    id: 'nestwarm-eco-temperatures',
    title: 'What are eco temperatures?',
    body: `Eco temperatures are the limits Nestwarm keeps when the home is empty or when you switch to Eco. They protect your home, for example from frozen pipes in winter or from too much heat for pets in summer, while using as little energy as possible.

By default the eco range is 16 °C for heating and 29 °C for cooling. Change it in the app under **Settings > Eco temperatures**. The lower the heating limit and the higher the cooling limit, the more you save.

A leaf appears on the display and in the app when the temperature you choose saves energy compared with your usual settings. It is a nudge, not a rule.

Eco is used by Away mode, by vacation holds, and whenever you tap **Eco** on the home screen. Leaving Eco returns to the schedule.`,
  },
  {
    id: 'nestwarm-room-sensors',
    title: 'Add room sensors for a more even temperature',
    body: `The thermostat measures the temperature where it hangs, often a hallway. A Nestwarm room sensor lets it focus on the rooms you actually use.

## Pair a sensor

Pull the battery tab on the sensor. In the app, tap **Add device > Room sensor** and scan the code on the back. Place the sensor on a shelf or wall, away from direct sunlight, radiators and drafts.

## Choose which sensor counts

Under **Sensors**, select which sensor controls the temperature at each time of day, for example the bedroom at night and the living room in the evening. You can also average several sensors.

## Battery

Sensors run on a coin battery that lasts about two years. The app warns you when it is time to replace it.

Up to six sensors can be paired with one thermostat.`,
  },
  {
    id: 'nestwarm-energy-report',
    title: 'Understand your monthly energy report',
    body: `Every month Nestwarm emails you a summary of how long your system ran and how that compares with earlier months. You can also find it in the app under **Energy**.

## What is in it

- Hours of heating and cooling each day, with the outdoor temperature for comparison.
- The reasons for changes: weather, adjustments you made, Away mode, or the schedule.
- The number of leaves you earned by choosing energy-saving temperatures.

## Comparisons

Nestwarm compares your usage with homes of similar size in your area, if you entered your home's size during setup. This is an estimate based on run time, not on your meter.

## Estimated cost

If you enter your energy price per kWh or per gas unit under **Settings > Energy rates**, the report estimates cost as well as time. Your utility bill remains the authoritative figure.

Turn off the emails under **Settings > Notifications**.`,
  },
  {
    id: 'nestwarm-heat-pump',
    title: 'Heat pump settings and auxiliary heat',
    body: `If your home has a heat pump, Nestwarm can use it efficiently and call for backup heat only when needed.

## Tell Nestwarm about your system

During setup the wiring check detects a heat pump from the O/B wire. Confirm under **Settings > Equipment** whether your reversing valve energizes in cooling (O) or heating (B); if heating and cooling seem swapped, this setting is usually wrong.

## Auxiliary heat

Electric backup heat is fast but expensive. Nestwarm uses it only when the heat pump cannot keep up. Set an **Aux heat lockout** temperature: above that outdoor temperature the backup heat is never used.

## Balance

The **Heat pump balance** setting trades comfort for savings. Max savings lets the heat pump work longer before adding backup heat; Max comfort reaches the target temperature faster.

The display shows AUX in orange whenever the backup heat is running.`,
  },
  {
    id: 'nestwarm-humidity',
    title: 'Control humidity with a humidifier or dehumidifier',
    body: `Nestwarm shows indoor humidity on the thermostat and in the app. If a whole-home humidifier or dehumidifier is wired to the thermostat, Nestwarm can control it too.

## Wiring

Accessories connect to the star (*) terminal. After wiring, go to **Settings > Equipment > Accessories** and choose the type.

## Target humidity

Set the target under **Settings > Humidity**. Between 35% and 50% is comfortable for most homes. In very cold weather, Nestwarm lowers the humidifier target automatically to prevent condensation on windows.

## Cooling to dry

Without a dehumidifier, you can turn on **Cool to dry**: the air conditioner runs a little longer to remove moisture, up to 2 °C below your cooling set point.

Humidity readings from room sensors are shown but not used to control the equipment.`,
  },
  {
    id: 'nestwarm-filter-reminder',
    title: 'Get reminded to change the air filter',
    body: `A clogged filter makes your system work harder and can shorten its life. Nestwarm counts how long the fan has run and reminds you when the filter is due for a change.

## Set up reminders

In the app, open **Settings > Equipment > Air filter** and switch on reminders. Choose the filter type or enter the interval your filter's manufacturer recommends, typically every one to three months of use. Because the count is based on run time, reminders come sooner in a hard winter.

## After changing the filter

Tap **I changed the filter** in the app or on the thermostat. The counter restarts.

You can also buy a replacement filter by entering its size, printed on the side of the filter, so the reminder includes the right part.`,
  },
  {
    id: 'nestwarm-share-home',
    title: 'Give family members access to the thermostat',
    body: `Everyone in your household can control Nestwarm from their own phone with their own account.

## Invite someone

In the app, open **Settings > Home > Members** and tap **Invite**. Enter their email. They install the Nestwarm app, create an account with that email and accept the invitation. Members can change temperatures and schedules and take part in Away mode with their phone's location.

## Guests and house sitters

Choose **Temporary access** and pick an end date. Temporary members can change the temperature but not the schedule or settings, and their access ends automatically.

## Remove a member

Open **Members**, tap the person and choose **Remove**. They lose access at once. Only the home owner can remove other members or transfer ownership, for example when you sell the house.`,
  },
  {
    id: 'nestwarm-firmware-update',
    title: 'Software updates for your thermostat',
    body: `Nestwarm thermostats update their software automatically over Wi-Fi, usually at night, so you always have the latest features and security fixes.

## Check the version

On the thermostat, go to **Settings > About** to see the current version. The app shows it under **Settings > Device info**.

## Update now

If an update is waiting, **Settings > About > Update** is available on the thermostat. The update takes about ten minutes, during which the display shows a progress bar and heating continues as normal. Do not remove the display from the base during the update.

## Update fails

An update needs the battery above 30%. If the battery is low, the update waits until it has charged. Repeated failures are usually caused by a weak Wi-Fi signal. Release notes for each version are published on the Nestwarm website.`,
  },
  {
    id: 'nestwarm-factory-reset',
    title: 'Reset the thermostat to factory settings',
    body: `A factory reset erases schedules, Wi-Fi details, the link to your account and all settings. Do this before selling the thermostat or moving out, or when support asks you to.

## Remove it from your account first

In the app, open the thermostat, go to **Settings** and tap **Remove thermostat**. This keeps your energy history in your account and lets the next owner add the thermostat to theirs.

## Reset

On the thermostat, go to **Settings > Reset > All settings** and confirm. The thermostat restarts and shows the setup screen. The wiring configuration is detected again on the next setup.

## Restart instead

If the thermostat only seems stuck, a restart is enough and keeps everything: go to **Settings > Reset > Restart**, or hold the display down for ten seconds.`,
  },
  {
    id: 'nestwarm-battery-low',
    title: 'Blank display or low battery warning',
    body: `The Nestwarm thermostat has a rechargeable battery that keeps it running during short power cuts. It charges from your heating system's wiring.

## Low battery warning

A flashing red light or a low battery message means the battery cannot charge fast enough. This happens most often on systems without a C wire, especially when heating and cooling are rarely running, for example in spring and autumn.

## Recharge

Remove the display from the base and plug it into a USB-C charger for an hour, then put it back.

## A lasting fix

Connect a C wire if your system has a spare one, or use the power adapter included in the box. The app can check the voltage supplied: open **Settings > Technical info > Power**. Values below 3.7 V mean the wiring is not providing enough power.

A completely blank display with a fully charged battery may mean a tripped breaker or a blown fuse in your heating system.`,
  },
  {
    id: 'nestwarm-voice-assistants',
    title: 'Control Nestwarm with your voice',
    body: `Nestwarm works with Amazon Alexa, Google Assistant and Apple Home.

## Connect

In the assistant's app, add the Nestwarm skill or service and sign in with your Nestwarm account. For Apple Home, scan the pairing code in the Nestwarm app under **Settings > Apple Home**. The thermostat then appears in your assistant with the name you gave it.

## What you can say

- "Set the living room to 21 degrees."
- "Make it warmer by two degrees."
- "What is the temperature inside?"
- "Turn on eco mode."

Schedules, Away mode and equipment settings cannot be changed by voice.

If the assistant says the device is not responding, check that the thermostat is online in the Nestwarm app. Disconnect and reconnect the service if it keeps failing.`,
  },
  {
    id: 'nestwarm-reset-password',
    title: 'Reset your Nestwarm account password',
    body: `Forgot the password for your Nestwarm account? Your thermostat keeps working while you reset it.

1. Open the Nestwarm app and tap **Sign in**, then **Forgot password**.
2. Enter your email address. We send a six-digit code.
3. Enter the code in the app within 20 minutes and choose a new password.

After the reset, every phone and tablet signed in to your account is signed out. Sign in again on each.

## No code received

Codes sometimes end up in spam. If you signed up with Apple or Google, there is no Nestwarm password: sign in with that button instead.

## No access to your email any more

Contact support with the serial number of your thermostat and proof of purchase. We can move the thermostat to a new account.`,
  },
  {
    id: 'nestwarm-delete-account',
    title: 'Delete your Nestwarm account and personal data',
    body: `You can delete your Nestwarm account and all the data linked to it.

## Before you delete

Remove each thermostat and sensor from your account (**Settings > Remove thermostat**) if someone else will use them, so they can be set up again. Download your temperature history first if you want to keep it.

## Delete

In the app, go to **Account > Privacy > Delete account**. Enter your password to confirm. The account is deleted within 30 days, including temperature history, schedules, location events and energy reports. Data kept in backups is removed within a further 60 days.

## Other members

If you are the home owner, members of your home lose access. Transfer ownership first if the others should keep using the thermostat.

Deleting the app from your phone does not delete your account.`,
  },
  {
    id: 'nestwarm-export-history',
    title: 'Download your temperature and usage history',
    body: `Nestwarm keeps ten days of detailed history in the app and a monthly summary for as long as you have the account. You can download all of it.

In the app, go to **Account > Privacy > Download my data**. Choose the date range. We prepare a ZIP file containing CSV files with:

- indoor temperature and humidity every 15 minutes,
- set points and the reason for each change (schedule, manual, Away mode, voice),
- heating and cooling run times,
- outdoor weather for your location.

The file is ready within 48 hours and we email you a link. The link works for seven days.

The data is useful for comparing with your energy bills, or for an energy auditor checking your home.`,
  },
  {
    id: 'nestwarm-temperature-units',
    title: 'Show temperatures in Celsius or Fahrenheit',
    body: `Nestwarm chooses the unit from your region during setup. You can change it at any time.

On the thermostat, go to **Settings > Units** and choose °C or °F. The app has its own setting under **Account > Preferences > Temperature unit**, so each person can use the unit they prefer on their phone while the thermostat display shows another.

In Celsius, temperatures change in steps of 0.5 degrees; in Fahrenheit, in steps of 1 degree. Your schedule is converted and rounded to the nearest step, so a set point of 20.5 °C shows as 69 °F.

Energy reports and history downloads use the unit chosen in the app.

## Time and date

The thermostat takes the time from the internet, based on the address of your home. If the clock is wrong, check the address under **Settings > Home > Location** in the app. Choose a 12-hour or 24-hour clock under **Settings > Units** on the thermostat.`,
  },
  {
    id: 'nestwarm-calibrate-sensor',
    title: 'The temperature on the thermostat seems wrong',
    body: `If the thermostat shows a temperature that differs from another thermometer in the same room, first check where it is mounted.

## Common causes

- Direct sunlight on the thermostat for part of the day.
- A lamp, TV or radiator nearby.
- A draft from a hole in the wall behind the base. Seal the hole around the wires with putty.
- An outside wall, which is colder than the room in winter.

Wait a few hours after installation: the thermostat's own electronics warm it slightly at first.

## Adjust the reading

If the difference is steady, set an offset. On the thermostat, go to **Settings > Equipment > Temperature adjustment** and change the reading by up to 3 degrees in either direction. The offset applies to the thermostat only, not to room sensors.

A room sensor in the main living space is often a better fix than an offset.`,
  },
  {
    id: 'nestwarm-lock-controls',
    title: 'Lock the thermostat with a PIN',
    body: `In offices, rentals or homes with children, you may want to stop others from changing the temperature on the device.

## Turn on the lock

On the thermostat, go to **Settings > Lock** and choose a four-digit PIN. Then set the temperature range people can still choose without the PIN, for example 19 to 23 °C. Outside that range the thermostat asks for the PIN.

## Using the app

The lock applies only to the thermostat itself. Anyone with access in the app can still change everything, so manage who has access under **Members**.

## Forgot the PIN

Unlock it from the app: open the thermostat and go to **Settings > Lock > Turn off**. This requires your account password.

The lock also prevents changes to the thermostat's settings and Wi-Fi.`,
  },
  {
    id: 'nestwarm-vacation-hold',
    title: 'Hold a temperature or set a vacation',
    body: `Sometimes you want the thermostat to ignore the schedule for a while.

## Hold a temperature

In the app, set the temperature you want and tap **Hold**. Choose how long: until the next scheduled change, for a number of hours, or indefinitely. The display shows a hold icon. Tap **Resume schedule** to end it early.

## Vacation

Tap **Vacation** on the home screen and enter the dates you will be away. During that time, Nestwarm uses your eco temperatures and ignores phone location and motion. Enter an earlier return time to have the house warm again when you arrive.

Vacation holds are shared with everyone in the home, so other members can see that the house is set to vacation.`,
  },
  {
    id: 'nestwarm-rush-hours',
    title: 'Earn rewards from your energy company with Rush Hour Savings',
    body: `Some energy companies pay you to use less electricity when demand on the grid is highest, for example on hot summer afternoons. Nestwarm can take part for you.

## Join

In the app, go to **Energy > Energy partner programs**. If your energy company takes part, it is listed there. Tap **Join** and sign in to your energy company account to link it. Rewards, such as a one-time credit or a bill reduction, are paid by the energy company, not by Nestwarm.

## During an event

You get a notification the day before. During the event, Nestwarm adjusts the temperature by a few degrees to use less power, and may pre-cool the home beforehand. You stay in control: change the temperature at any time and Nestwarm stops for that event.

Leave a program at any time from the same screen.`,
  },
  {
    id: 'nestwarm-short-cycling',
    title: 'Heating turns on and off too often',
    body: `If your furnace or boiler starts and stops every few minutes, it is short cycling. This wastes energy and wears the equipment.

## Causes

- **No C wire**: on some systems the thermostat draws power in a way that makes the furnace start briefly. Install a C wire or the included power adapter.
- **Oversized equipment**: a system that heats very quickly reaches the target fast and stops.
- **Placement**: a thermostat near a heating vent warms up too soon.

## Adjust cycle settings

Go to **Settings > Equipment > Cycle settings** on the thermostat. Increase the **Minimum run time** and the **Temperature swing**, for example to 1 °C. The room will vary a little more around the target, but the system will run in longer, more efficient cycles.

If short cycling continues after these changes, have a heating technician check the equipment's limit switch and filter.`,
  },
]);
