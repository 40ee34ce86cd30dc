import type { CustomPageText } from '@zema/contracts/pages/pages-admin';

/**
 * The custom pages of a fresh install, in English (the site's language) and Amharic: starting
 * points an operator edits in the admin, written for a music service run in Ethiopia.
 * The pages say "this service", so a renamed site needs no edit.
 */
export type SeedPage = { slug: string; en: CustomPageText; am: CustomPageText };

export const SEED_PAGES: SeedPage[] = [
  {
    slug: 'privacy-policy',
    en: {
      title: 'Privacy policy',
      seo_title: 'Privacy policy',
      seo_description:
        'What this music service collects when you listen, pay and upload, why, and your choices.',
      body: `<p>This policy explains what this music service keeps about you, why, and what you can do about it. It applies to the website, the web player and the apps that connect to it.</p>
<h2>What we collect</h2>
<ul>
<li><strong>Your account:</strong> your name, email address, password (stored only as a one-way hash), language, country and time zone, and your profile picture if you add one.</li>
<li><strong>What you listen to:</strong> the tracks you play, like and add to playlists, and when. We use this for your history and library, for recommendations, and to pay and inform artists.</li>
<li><strong>The country of a play:</strong> we work out the country (never a street address) from your connection's IP address, so artists can see where their listeners are. The IP address itself is not kept with your plays.</li>
<li><strong>Payments:</strong> when you subscribe, payments in Ethiopian Birr go through Chapa and card payments through Stripe. They receive the payment details you enter; we keep only the plan, the amount, the date and the payment's reference, never your card or wallet details.</li>
<li><strong>Uploads:</strong> if you are an artist, the music, pictures and information you upload, and the documents you send to prove who you are.</li>
<li><strong>Sessions:</strong> the device, browser and approximate place of each signed-in session, so you can see and end them in your account settings.</li>
</ul>
<h2>Cookies</h2>
<p>We use cookies to keep you signed in, to protect forms against forgery, and to remember your language, theme and cookie-notice choice. We do not use advertising cookies or share your browsing with advertisers.</p>
<h2>Who else sees it</h2>
<p>Artists see totals and countries of their listeners, never who you are. Payment providers see what they need to take a payment. We share data with the authorities only when Ethiopian law requires it.</p>
<h2>How long we keep it</h2>
<p>We keep your account while it exists. When you delete it (in your account settings), your profile, library and playlists go at once; records we must keep by law, such as invoices, are kept for the period the law sets.</p>
<h2>Your choices</h2>
<p>You can see and change your details in your account settings, download your invoices, end sessions and delete your account. For anything else, write to us from the <a href="/contact">contact page</a>.</p>`,
    },
    am: {
      title: 'የግላዊነት መመሪያ',
      seo_title: 'የግላዊነት መመሪያ',
      seo_description: 'ሙዚቃ ሲያዳምጡ፣ ሲከፍሉና ሲጭኑ ይህ አገልግሎት ምን እንደሚሰበስብ፣ ለምን እና ምርጫዎችዎ።',
      body: `<p>ይህ መመሪያ ይህ የሙዚቃ አገልግሎት ስለ እርስዎ ምን መረጃ እንደሚይዝ፣ ለምን እንደሚይዝ እና እርስዎ ምን ማድረግ እንደሚችሉ ያብራራል። ድረ ገጹን፣ የድር ማጫወቻውን እና ከእሱ ጋር የሚገናኙ መተግበሪያዎችን ይመለከታል።</p>
<h2>የምንሰበስበው መረጃ</h2>
<ul>
<li><strong>መለያዎ፦</strong> ስምዎ፣ የኢሜይል አድራሻዎ፣ የይለፍ ቃልዎ (ወደ ኋላ በማይመለስ ሃሽ ብቻ ተቀምጦ)፣ ቋንቋዎ፣ አገርዎ፣ የሰዓት ቀጠናዎ እና ካከሉት የመገለጫ ፎቶዎ።</li>
<li><strong>የሚያዳምጡት፦</strong> የሚያጫውቷቸው፣ የሚወዷቸው እና በአጫዋች ዝርዝር ውስጥ የሚያስገቧቸው ዘፈኖች እና ጊዜያቸው። ይህንን ለታሪክዎና ለቤተ መጻሕፍትዎ፣ ለምክረ ሃሳቦች እንዲሁም አርቲስቶችን ለመክፈልና ለማሳወቅ እንጠቀምበታለን።</li>
<li><strong>ዘፈኑ የተጫወተበት አገር፦</strong> አርቲስቶች አድማጮቻቸው የት እንዳሉ እንዲያዩ አገሩን (የመንገድ አድራሻ በጭራሽ አይደለም) ከግንኙነትዎ የአይፒ አድራሻ እንለያለን። የአይፒ አድራሻው ራሱ ከሚያዳምጡት ጋር አይቀመጥም።</li>
<li><strong>ክፍያዎች፦</strong> ሲመዘገቡ በኢትዮጵያ ብር የሚከፈሉ ክፍያዎች በቻፓ፣ በካርድ የሚከፈሉ ደግሞ በስትራይፕ በኩል ያልፋሉ። እነሱ የሚያስገቡትን የክፍያ መረጃ ይቀበላሉ፤ እኛ የምንይዘው ዕቅዱን፣ መጠኑን፣ ቀኑን እና የክፍያውን መለያ ቁጥር ብቻ ነው፤ የካርድዎን ወይም የዋሌትዎን መረጃ በጭራሽ አንይዝም።</li>
<li><strong>የሚጭኗቸው ፋይሎች፦</strong> አርቲስት ከሆኑ የሚጭኑት ሙዚቃ፣ ፎቶዎችና መረጃ እንዲሁም ማንነትዎን ለማረጋገጥ የሚልኳቸው ሰነዶች።</li>
<li><strong>ክፍለ ጊዜዎች፦</strong> በመለያዎ ቅንብሮች ውስጥ እንዲያዩዋቸውና እንዲዘጓቸው የእያንዳንዱ የገቡበት ክፍለ ጊዜ መሣሪያ፣ አሳሽ እና ግምታዊ ቦታ።</li>
</ul>
<h2>ኩኪዎች</h2>
<p>እንደገቡ እንዲቆዩ፣ ቅጾችን ከማጭበርበር ለመጠበቅ እና የቋንቋ፣ የገጽታና የኩኪ ማሳሰቢያ ምርጫዎን ለማስታወስ ኩኪዎችን እንጠቀማለን። የማስታወቂያ ኩኪዎችን አንጠቀምም፤ የሚያስሱትንም ለአስተዋዋቂዎች አናጋራም።</p>
<h2>ሌላ ማን ያየዋል</h2>
<p>አርቲስቶች የአድማጮቻቸውን ድምር ቁጥርና አገራት ያያሉ፤ እርስዎ ማን እንደሆኑ ግን በጭራሽ አያዩም። የክፍያ አቅራቢዎች ክፍያውን ለመቀበል የሚያስፈልጋቸውን ብቻ ያያሉ። መረጃን ለባለሥልጣናት የምናጋራው የኢትዮጵያ ሕግ ሲያስገድድ ብቻ ነው።</p>
<h2>ለምን ያህል ጊዜ እንይዘዋለን</h2>
<p>መለያዎ እስካለ ድረስ እንይዘዋለን። በመለያዎ ቅንብሮች ውስጥ ሲሰርዙት መገለጫዎ፣ ቤተ መጻሕፍትዎና አጫዋች ዝርዝሮችዎ ወዲያውኑ ይጠፋሉ፤ እንደ ደረሰኞች ያሉ በሕግ መያዝ ያለባቸው መዛግብት ሕጉ ለሚወስነው ጊዜ ይቀመጣሉ።</p>
<h2>የእርስዎ ምርጫዎች</h2>
<p>መረጃዎን በመለያዎ ቅንብሮች ውስጥ ማየትና መቀየር፣ ደረሰኞችዎን ማውረድ፣ ክፍለ ጊዜዎችን መዝጋት እና መለያዎን መሰረዝ ይችላሉ። ለሌላ ማንኛውም ጉዳይ ከ<a href="/contact">የመገናኛ ገጹ</a> ይጻፉልን።</p>`,
    },
  },
  {
    slug: 'terms-of-service',
    en: {
      title: 'Terms of service',
      seo_title: 'Terms of service',
      seo_description: 'The rules for listening, subscribing and uploading music on this service.',
      body: `<p>By creating an account or using this music service you agree to these terms. Please read them; they are short.</p>
<h2>Your account</h2>
<p>You must give a real email address and keep your password to yourself. You are responsible for what is done with your account. You may close it at any time in your account settings.</p>
<h2>Listening</h2>
<p>The music here is licensed for personal, non-commercial listening. You may not record, copy, resell or broadcast it, or play it in a shop, bar or at an event, unless the artist has allowed it.</p>
<h2>Plans and payments</h2>
<ul>
<li>Paid plans are priced in Ethiopian Birr (ETB) and, where offered, in US dollars. Prices include the taxes shown at checkout.</li>
<li>Payments in Birr are taken by Chapa (telebirr, CBE Birr, bank cards and other methods it offers); card payments in dollars by Stripe.</li>
<li>A subscription renews at the end of each period until you cancel it. When you cancel, you keep what you paid for until the period ends.</li>
<li>If a payment fails, we try again for a few days before the plan ends. Refunds follow Ethiopian consumer law; write to us if something went wrong.</li>
</ul>
<h2>Artists and uploads</h2>
<p>If you upload music, you confirm that you own it or have the right to publish it, and you let this service store, stream and show it to listeners. You keep your rights. Music that infringes someone else's rights is taken down when we learn of it, and repeated infringement closes the account.</p>
<h2>Fair use</h2>
<p>Do not try to break, overload or get around the service's protections, create accounts in bulk, or inflate play counts. We may suspend accounts that do.</p>
<h2>Changes and contact</h2>
<p>We may change these terms; we will tell you by email or on the site before a change that matters takes effect. These terms are governed by the laws of the Federal Democratic Republic of Ethiopia. Questions: the <a href="/contact">contact page</a>.</p>`,
    },
    am: {
      title: 'የአገልግሎት ውል',
      seo_title: 'የአገልግሎት ውል',
      seo_description: 'በዚህ አገልግሎት ላይ ሙዚቃ ለማዳመጥ፣ ለመመዝገብና ለመጫን የሚያገለግሉ ደንቦች።',
      body: `<p>መለያ በመክፈት ወይም ይህንን የሙዚቃ አገልግሎት በመጠቀም በእነዚህ ውሎች ይስማማሉ። እባክዎ ያንብቧቸው፤ አጭር ናቸው።</p>
<h2>መለያዎ</h2>
<p>ትክክለኛ የኢሜይል አድራሻ መስጠትና የይለፍ ቃልዎን ለራስዎ መያዝ አለብዎ። በመለያዎ ለሚደረገው ነገር ኃላፊነቱ የእርስዎ ነው። በማንኛውም ጊዜ በመለያዎ ቅንብሮች ውስጥ ሊዘጉት ይችላሉ።</p>
<h2>ማዳመጥ</h2>
<p>እዚህ ያለው ሙዚቃ ለግል፣ ለንግድ ላልሆነ ማዳመጥ ብቻ የተፈቀደ ነው። አርቲስቱ ካልፈቀደ በስተቀር መቅዳት፣ ማባዛት፣ እንደገና መሸጥ ወይም ማሰራጨት፣ በሱቅ፣ በመጠጥ ቤት ወይም በዝግጅት ላይ ማጫወት አይችሉም።</p>
<h2>ዕቅዶችና ክፍያዎች</h2>
<ul>
<li>የሚከፈልባቸው ዕቅዶች ዋጋ በኢትዮጵያ ብር (ETB) እና በሚቀርብበት ቦታ በአሜሪካ ዶላር ይገለጻል። ዋጋዎቹ በክፍያ ጊዜ የሚታዩትን ግብሮች ያካትታሉ።</li>
<li>በብር የሚፈጸሙ ክፍያዎች በቻፓ (ቴሌብር፣ ሲቢኢ ብር፣ የባንክ ካርዶችና ሌሎች የሚያቀርባቸው መንገዶች) ይቀበላሉ፤ በዶላር የሚፈጸሙ የካርድ ክፍያዎች በስትራይፕ።</li>
<li>ምዝገባ እስኪሰርዙት ድረስ በእያንዳንዱ ጊዜ መጨረሻ ይታደሳል። ሲሰርዙት የከፈሉበትን እስከ ጊዜው መጨረሻ ይጠቀማሉ።</li>
<li>ክፍያ ካልተሳካ ዕቅዱ ከማለቁ በፊት ለጥቂት ቀናት እንደገና እንሞክራለን። ተመላሽ ገንዘብ የኢትዮጵያን የሸማቾች ሕግ ይከተላል፤ የሆነ ነገር ከተበላሸ ይጻፉልን።</li>
</ul>
<h2>አርቲስቶችና የሚጫኑ ፋይሎች</h2>
<p>ሙዚቃ ከጫኑ ባለቤቱ እርስዎ መሆንዎን ወይም ለማሳተም መብት እንዳለዎት ያረጋግጣሉ፤ ይህ አገልግሎትም እንዲያስቀምጠው፣ እንዲያሰራጨውና ለአድማጮች እንዲያሳየው ይፈቅዳሉ። መብቶችዎ የእርስዎ ሆነው ይቀራሉ። የሌላ ሰውን መብት የሚጥስ ሙዚቃ እንዳወቅን ይወርዳል፤ ተደጋጋሚ ጥሰት መለያውን ያዘጋል።</p>
<h2>ፍትሐዊ አጠቃቀም</h2>
<p>አገልግሎቱን ለመስበር፣ ከአቅሙ በላይ ለመጫን ወይም ጥበቃዎቹን ለማለፍ፣ በብዛት መለያዎችን ለመክፈት ወይም የማጫወቻ ቁጥሮችን ለማብዛት አይሞክሩ። ይህን የሚያደርጉ መለያዎችን ልናግድ እንችላለን።</p>
<h2>ለውጦችና መገናኛ</h2>
<p>እነዚህን ውሎች ልንቀይር እንችላለን፤ አስፈላጊ ለውጥ ከመተግበሩ በፊት በኢሜይል ወይም በድረ ገጹ ላይ እናሳውቅዎታለን። እነዚህ ውሎች በኢትዮጵያ ፌዴራላዊ ዴሞክራሲያዊ ሪፐብሊክ ሕጎች ይገዛሉ። ጥያቄዎች ካሉዎት፦ <a href="/contact">የመገናኛ ገጹ</a>።</p>`,
    },
  },
  {
    slug: 'about',
    en: {
      title: 'About',
      seo_title: 'About us',
      seo_description:
        'Music from Ethiopia and beyond, streamed and paid for in Birr, with artists who manage their own music.',
      body: `<p>We are a music streaming service built for listeners and artists in Ethiopia. Play the catalogue free with ads, or subscribe in Birr to listen without them and download for offline listening.</p>
<h2>For listeners</h2>
<ul>
<li>Albums, singles and playlists, from Ethio-jazz classics to today's releases.</li>
<li>Your library, likes and history on every device, and the app in English and Amharic.</li>
<li>Plans paid in Birr with telebirr, CBE Birr or a bank card through Chapa, or in dollars by card.</li>
</ul>
<h2>For artists</h2>
<p>Artists upload their own music in the backstage, set release dates, and see how many people listen, and where. Labels and teams share the work in workspaces.</p>
<h2>Get in touch</h2>
<p>Questions, partnerships or press: write to us from the <a href="/contact">contact page</a>.</p>`,
    },
    am: {
      title: 'ስለ እኛ',
      seo_title: 'ስለ እኛ',
      seo_description: 'ከኢትዮጵያና ከዓለም ሙዚቃ፣ በብር የሚከፈልበት፣ አርቲስቶች ሙዚቃቸውን ራሳቸው የሚያስተዳድሩበት።',
      body: `<p>ለኢትዮጵያ አድማጮችና አርቲስቶች የተሠራ የሙዚቃ ማሰራጫ አገልግሎት ነን። ሙዚቃውን ከማስታወቂያ ጋር በነጻ ያዳምጡ፣ ወይም ያለ ማስታወቂያ ለማዳመጥና ያለ ኢንተርኔት ለማዳመጥ ለማውረድ በብር ይመዝገቡ።</p>
<h2>ለአድማጮች</h2>
<ul>
<li>ከኢትዮ-ጃዝ ክላሲኮች እስከ የዛሬ አዳዲስ ሥራዎች ድረስ አልበሞች፣ ነጠላ ዜማዎችና አጫዋች ዝርዝሮች።</li>
<li>ቤተ መጻሕፍትዎ፣ የወደዷቸውና ታሪክዎ በሁሉም መሣሪያ ላይ፤ መተግበሪያው በእንግሊዝኛና በአማርኛ።</li>
<li>በቻፓ በኩል በቴሌብር፣ በሲቢኢ ብር ወይም በባንክ ካርድ በብር፣ ወይም በካርድ በዶላር የሚከፈሉ ዕቅዶች።</li>
</ul>
<h2>ለአርቲስቶች</h2>
<p>አርቲስቶች ሙዚቃቸውን በባክስቴጅ ራሳቸው ይጭናሉ፣ የሚለቀቅበትን ቀን ይወስናሉ፣ ምን ያህል ሰው እንደሚያዳምጣቸውና የት እንዳሉ ያያሉ። ሪከርድ ኩባንያዎችና ቡድኖች ሥራውን በጋራ የሥራ ቦታዎች ይካፈላሉ።</p>
<h2>ያግኙን</h2>
<p>ጥያቄ፣ አጋርነት ወይም የሚዲያ ጉዳይ ካለዎት ከ<a href="/contact">የመገናኛ ገጹ</a> ይጻፉልን።</p>`,
    },
  },
];
